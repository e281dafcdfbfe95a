import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createWriteFileTool, describeAgentConfigPath } from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentConfigProject,
  createAgentConfigProject,
  describeAgentConfigWrites,
  MODE_CASES,
} from './agent-config-writes-sweep.js';

// The rows where agent configuration and ordinary files part ways (auto-edit asks or denies one and
// allows the other); the other modes treat both alike and sweep in the `.integration` file.
describeAgentConfigWrites(MODE_CASES.filter((modeCase) => modeCase.modes.includes('auto-edit')));

describe('SEC2 the agent-config check itself', () => {
  let project: AgentConfigProject;
  beforeEach(async () => {
    project = await createAgentConfigProject();
  });
  afterEach(() => project.remove());

  it('SEC2 a write the loop did not approve as agent configuration is refused by the tool', async () => {
    const context = {
      cwd: project.root,
      readOnlyRoots: [],
      signal: new AbortController().signal,
      reportFiles: () => undefined,
    };
    const result = await createWriteFileTool().execute(
      { path: 'docs/hooks/pre-commit', content: 'rm -rf ~' },
      context,
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('configures the agent');
    expect(await readFile(path.join(project.root, '.git/hooks/pre-commit'), 'utf8')).toBe('old');
    const hook = path.join(project.root, '.git', 'hooks', 'pre-commit');
    // An approval covers the real file approved, not another one a swapped link leads to.
    const other = await createWriteFileTool().execute(
      { path: 'docs/hooks/pre-commit', content: 'echo ok' },
      { ...context, agentConfigWrites: [path.join(project.root, '.skilldock', 'settings.json')] },
    );
    expect(other.isError).toBe(true);
    expect(await readFile(hook, 'utf8')).toBe('old');
    const approved = await createWriteFileTool().execute(
      { path: 'docs/hooks/pre-commit', content: 'echo ok' },
      { ...context, agentConfigWrites: [hook] },
    );
    expect(approved.isError).toBe(false);
  });

  it('SEC2 names what each kind of file configures, and leaves ordinary files alone', () => {
    expect(describeAgentConfigPath('.skilldock/settings.json')).toContain('Skilldock settings');
    expect(describeAgentConfigPath('.MCP.json::$DATA')).toContain('MCP');
    expect(describeAgentConfigPath('.claude. /x')).toContain('Claude Code');
    // SEC6 made skill folders agent configuration: a skill is instructions and scripts agents run.
    expect(describeAgentConfigPath('.agents/skills/pdf/SKILL.md')).toContain('skills');
    expect(describeAgentConfigPath('.agents/notes.md')).toBeUndefined();
    expect(describeAgentConfigPath('src/app.ts')).toBeUndefined();
    expect(describeAgentConfigPath('tools/hooks/x', 'tools/hooks')).toContain('git hooks');
  });
});
