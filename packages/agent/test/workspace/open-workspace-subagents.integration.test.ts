import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AgentWorkspace, openWorkspace } from '../../src/workspace/index.js';
import { agentText, writeAgentFile } from '../subagents/subagent-folders-fixture.js';
import {
  MCP_TEST_SERVER,
  makeWorkspaceFolders,
  type WorkspaceFolders,
  writeSettings,
} from './workspace-folders.js';

const ENV = { OPENAI_API_KEY: 'test-key', PATH: process.env.PATH ?? '' };
const profile = (name: string) => `---\nname: ${name}\ntools:\n  - read_file\n---\n`;

describe('openWorkspace: subagents, fork profiles and safe mode', () => {
  let folders: WorkspaceFolders;
  const opened: AgentWorkspace[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((workspace) => workspace.close()));
    await folders.cleanup();
  });
  const open = async (options: Omit<Parameters<typeof openWorkspace>[0], 'cwd' | 'home'> = {}) => {
    const workspace = await openWorkspace({ cwd: folders.project, home: folders.home, env: ENV, ...options });
    opened.push(workspace);
    return workspace;
  };
  const plant = async () => {
    folders = await makeWorkspaceFolders();
    await writeSettings(folders.home, {
      models: { default: 'openai:user-model' },
      agents: { builtin: { exploreModel: 'fast' } },
    });
    await writeSettings(folders.project, {
      models: { default: 'openai:project-model' },
      mcpServers: { project: { command: process.execPath, args: [MCP_TEST_SERVER, 'project'] } },
      agents: { modelAliases: { sonnet: 'openai:project-sonnet' } },
    });
    await writeAgentFile(
      folders.project,
      '.claude/agents',
      'tester.md',
      agentText('tester', 'Tests.', ['model: sonnet']),
    );
    await writeAgentFile(folders.home, '.qwen/agents', 'mine.md', agentText('mine'));
    await writeAgentFile(folders.project, '.qwen/fork-profiles', 'explore.md', profile('explore'));
  };

  it('A1 a trusted workspace has project, user and built-in subagents, with project settings applied', async () => {
    await plant();
    const workspace = await open({
      trust: true,
      approveMcp: ['project'],
      subagents: [{ name: 'inline', description: 'Defined in code.', systemPrompt: 'You help.' }],
    });
    expect(workspace.safeMode).toBe(false);
    expect(await workspace.subagents.get('tester')).toMatchObject({
      level: 'project',
      model: { kind: 'model', provider: 'openai', model: 'project-sonnet' },
    });
    expect((await workspace.subagents.get('explore'))?.model).toEqual({ kind: 'fast' });
    expect(workspace.subagents.list().map((agent) => agent.name)).toEqual([
      'inline',
      'tester',
      'mine',
      'claude-code',
      'codex',
      'Explore',
      'general-purpose',
    ]);
    expect([...workspace.forkProfiles.profiles.keys()]).toEqual(['explore']);
  });

  it('D2 an untrusted workspace has no project subagents or executors, and asks about project agents', async () => {
    await plant();
    const workspace = await open();
    expect(await workspace.subagents.get('tester')).toBeUndefined();
    expect(await workspace.subagents.get('codex')).toBeUndefined();
    expect((await workspace.subagents.get('mine'))?.level).toBe('user');
    expect(workspace.forkProfiles.profiles.size).toBe(0);

    // Agent files alone (no skills, no MCP servers) are a reason to ask.
    await writeSettings(folders.project, {});
    const asked: string[] = [];
    const askTrust = async (root: string) => {
      asked.push(root);
      return true;
    };
    const trusted = await open({ askTrust });
    expect(asked).toEqual([folders.project]);
    expect((await trusted.subagents.get('tester'))?.level).toBe('project');
  });

  it('A11 safe mode: no project settings, MCP servers, subagents, fork profiles or executors; said once', async () => {
    await plant();
    const workspace = await open({ trust: true, safeMode: true, approveMcp: ['project'] });
    expect(workspace.safeMode).toBe(true);
    expect(workspace.model.label).toBe('openai:user-model');
    expect(workspace.settings.mcpServers).toBeUndefined();
    expect(workspace.tools.some((tool) => tool.name.startsWith('mcp__'))).toBe(false);
    expect(await workspace.subagents.get('tester')).toBeUndefined();
    expect(await workspace.subagents.get('codex')).toBeUndefined();
    expect(await workspace.subagents.get('claude-code')).toBeUndefined();
    expect((await workspace.subagents.get('mine'))?.level).toBe('user');
    expect(workspace.forkProfiles.profiles.size).toBe(0);
    const safeNotices = workspace.notices.filter((notice) => notice.code === 'safe_mode');
    expect(safeNotices).toEqual([
      {
        code: 'safe_mode',
        message:
          'Safe mode: project settings, project MCP servers, project subagents, fork profiles and external executors are off for this session.',
      },
    ]);
  });

  it('A1 invalid subagent files are announced with where to look, never skipped in silence', async () => {
    folders = await makeWorkspaceFolders();
    await writeSettings(folders.home, { models: { default: 'openai:user-model' } });
    const bad = await writeAgentFile(
      folders.home,
      '.qwen/agents',
      'bad.md',
      '---\nname: x\ndescription: d\n---\n',
    );
    const workspace = await open();
    expect(workspace.notices).toContainEqual({
      code: 'subagents_invalid',
      message: `1 subagent file(s) are invalid and were not loaded: ${bad}. Run \`skilldock agents doctor\` for the line and field of each problem.`,
    });
    expect(workspace.subagents.diagnostics()).toContainEqual(
      expect.objectContaining({ code: 'subagent_name_length', file: bad, line: 2 }),
    );
    expect(path.isAbsolute(bad)).toBe(true);
  });
});
