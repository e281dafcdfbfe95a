import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { type AgentWorkspace, openWorkspace } from '@skilldock/agent/workspace';
import { parseSubagent } from '@skilldock/core/format';
import { afterEach, describe, expect, it } from 'vitest';
import { runAgentsCommand } from '../src/chat/agents-command.js';
import { ChatInput } from '../src/chat/chat-input.js';
import { openInEditor } from '../src/chat/open-in-editor.js';
import { renderForTerminal } from '../src/terminal-style.js';

interface Session {
  readonly project: string;
  readonly home: string;
  readonly workspace: AgentWorkspace;
  /** Runs `/agents <argument>` with these lines typed, one answer each, then Ctrl-D; returns what it printed. */
  run(argument: string, lines: readonly string[], env?: Record<string, string>): Promise<string>;
}

const sessions: Array<{ base: string; workspace: AgentWorkspace }> = [];
afterEach(async () => {
  for (const { base, workspace } of sessions.splice(0)) {
    await workspace.close();
    rmSync(base, { recursive: true, force: true });
  }
});

/** A trusted project and home, a workspace opened on them, and a real ChatInput fed from a stream. */
async function openSession(
  prepare: (folders: { project: string; home: string }) => void = () => {},
  { safeMode = false }: { safeMode?: boolean } = {},
): Promise<Session> {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'skilldock-agents-chat-')));
  const project = path.join(base, 'project');
  const home = path.join(base, 'home');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  mkdirSync(path.join(home, '.skilldock'), { recursive: true });
  writeFileSync(
    path.join(home, '.skilldock', 'settings.json'),
    JSON.stringify({ models: { default: 'openai:test' } }),
  );
  prepare({ project, home });
  const workspace = await openWorkspace({
    cwd: project,
    home,
    env: { OPENAI_API_KEY: 'test-key', PATH: process.env.PATH ?? '' },
    trust: true,
    safeMode,
  });
  sessions.push({ base, workspace });
  return {
    project,
    home,
    workspace,
    async run(argument, lines, env = {}) {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      stdout.resume();
      const input = new ChatInput({ stdin, stdout, render: (text) => renderForTerminal(text) });
      let printed = '';
      // Then the input ends, as Ctrl-D does: a question left over resolves with nothing.
      stdin.end(lines.map((line) => `${line}\n`).join(''));
      try {
        await runAgentsCommand({
          input,
          write: (text) => {
            printed += renderForTerminal(text);
          },
          workspace,
          argument,
          env: { PATH: process.env.PATH ?? '', ...env },
          edit: (file) => openInEditor(file, { env: { PATH: process.env.PATH ?? '', ...env } }),
        });
      } finally {
        input.close();
      }
      return printed;
    },
  };
}

const agentFile = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: The ${name} agent.\n${extra}---\nYou are ${name}.\n`;

describe('/agents in chat', () => {
  it('A8 /agents create walks through level, name, description, tools from the real list, model, mode and prompt', async () => {
    const session = await openSession();
    const toolNames = session.workspace.tools.map((tool) => tool.name);
    const printed = await session.run('create', [
      '1',
      'bad name',
      'test-writer',
      'Writes tests for changed code. Use after a change.',
      `1,${toolNames.indexOf('grep') + 1},nope`,
      `1,${toolNames.indexOf('grep') + 1}`,
      'fast',
      'reckless',
      'auto-edit',
      'You write focused unit tests.',
      'Run them before you answer.',
      '',
      'y',
    ]);
    for (const tool of toolNames) expect(printed).toContain(tool);
    expect(printed).toContain("The name may contain only letters, digits, '_' and '-'.");
    expect(printed).toContain('Not in the list: nope');
    expect(printed).toContain('One of: default, plan, auto-edit, yolo, bubble');
    const file = path.join(session.project, '.agents', 'agents', 'test-writer.md');
    expect(printed).toContain(`Created ${file}`);
    const parsed = parseSubagent(readFileSync(file), { file });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.subagent).toMatchObject({
      name: 'test-writer',
      description: 'Writes tests for changed code. Use after a change.',
      systemPrompt: 'You write focused unit tests.\nRun them before you answer.',
      model: { kind: 'fast' },
      frontmatter: { tools: ['read_file', 'grep'], approvalMode: 'auto-edit' },
    });
    // Usable at once: the registry was refreshed.
    expect(session.workspace.subagents.list().some((agent) => agent.name === 'test-writer')).toBe(true);
  });

  it('A8 /agents create refuses a name the level already has, and writes nothing when not confirmed', async () => {
    const session = await openSession(({ home }) => {
      mkdirSync(path.join(home, '.agents', 'agents'), { recursive: true });
      writeFileSync(path.join(home, '.agents', 'agents', 'mine.md'), agentFile('mine'));
    });
    const printed = await session.run('create', [
      '2',
      'MINE',
      'other',
      'Does other things.',
      '*',
      '',
      '',
      '',
      'n',
    ]);
    expect(printed).toContain('A user subagent named mine exists');
    expect(printed).toContain('Cancelled; nothing was written.');
    expect(existsSync(path.join(session.home, '.agents', 'agents', 'other.md'))).toBe(false);
  });

  it('A8 Ctrl-D (the input ending) cancels the wizard without writing', async () => {
    const session = await openSession();
    const printed = await session.run('create', ['1', 'half-done']);
    expect(printed).toContain('Cancelled; nothing was written.');
    expect(existsSync(path.join(session.project, '.agents', 'agents', 'half-done.md'))).toBe(false);
  });

  it('A8 /agents manage lists by level, shows invalid files with line and field, and keeps built-ins read-only', async () => {
    const session = await openSession(({ project }) => {
      mkdirSync(path.join(project, '.qwen', 'agents'), { recursive: true });
      writeFileSync(
        path.join(project, '.qwen', 'agents', 'reviewer.md'),
        agentFile('reviewer', 'tools: Read, Grep\n'),
      );
      writeFileSync(
        path.join(project, '.qwen', 'agents', 'broken.md'),
        agentFile('broken', 'approvalMode: never\n'),
      );
    });
    const printed = await session.run('manage', ['view 1', 'delete 3', 'edit 99', '']);
    expect(printed).toMatch(/Project\n\s+1 {2}reviewer/);
    expect(printed).toMatch(/2 {2}✗ invalid {2}broken\.md/);
    expect(printed).toContain('.qwen/agents/broken.md:4:1 error   field_invalid_value');
    expect(printed).toContain('model: inherit · tools: read_file, grep');
    expect(printed).toContain('You are reviewer.');
    expect(printed).toMatch(/Built-in \(read-only/);
    expect(printed).toContain('is read-only here (builtin)');
    expect(printed).toContain('No subagent number 99 in the list.');
  });

  it('A8 /agents manage edits a file in $EDITOR and re-checks it, then deletes it after a yes', async () => {
    let file = '';
    const session = await openSession(({ project }) => {
      mkdirSync(path.join(project, '.agents', 'agents'), { recursive: true });
      file = path.join(project, '.agents', 'agents', 'helper.md');
      writeFileSync(file, agentFile('helper'));
    });
    const editor = path.join(session.home, 'editor.sh');
    // The "editor": breaks the approval mode, as a person might, and exits 0.
    writeFileSync(
      editor,
      '#!/bin/sh\nprintf -- "---\\nname: helper\\ndescription: d\\napprovalMode: never\\n---\\nx\\n" > "$1"\n',
      {
        mode: 0o755,
      },
    );
    const printed = await session.run('manage', ['edit 1', 'delete 1', 'n', 'delete 1', 'y', ''], {
      EDITOR: editor,
    });
    expect(printed).toContain(`${file} is invalid now:`);
    expect(printed).toContain('field_invalid_value');
    expect(printed).toContain('Kept.');
    expect(printed).toContain(`Deleted ${file}`);
    expect(existsSync(file)).toBe(false);
    expect(session.workspace.subagents.diagnostics().some((diagnostic) => diagnostic.file === file)).toBe(
      false,
    );
  });

  it('SEC1 deleting an agent file that is a link removes the link, never its target', async () => {
    let target = '';
    const session = await openSession(({ project }) => {
      mkdirSync(path.join(project, '.agents', 'agents'), { recursive: true });
      target = path.join(project, '.agents', 'agents-source.md');
      writeFileSync(target, agentFile('linked'));
      symlinkSync(target, path.join(project, '.agents', 'agents', 'linked.md'));
    });
    // A link to a file outside the agents folder is not loaded at all: the panel shows it as invalid.
    const printed = await session.run('manage', ['delete 1', 'y', '']);
    expect(printed).toContain('file_outside_folder');
    expect(existsSync(path.join(session.project, '.agents', 'agents', 'linked.md'))).toBe(false);
    expect(readFileSync(target, 'utf8')).toContain('name: linked');
  });

  it('A11 /agents manage in safe mode says project agents are off and lists none', async () => {
    const session = await openSession(
      ({ project }) => {
        mkdirSync(path.join(project, '.qwen', 'agents'), { recursive: true });
        writeFileSync(path.join(project, '.qwen', 'agents', 'zz-local.md'), agentFile('zz-local'));
      },
      { safeMode: true },
    );
    const printed = await session.run('manage', ['']);
    expect(printed).toContain('Safe mode: project subagents and executor agents are off in this session.');
    expect(printed).not.toContain('zz-local');
    expect(printed).toContain('codex (external executors are off in safe mode)');
  });

  it('A8 an unknown /agents action says what exists', async () => {
    const session = await openSession();
    expect(await session.run('frobnicate', [])).toContain('use /agents create or /agents manage');
  });
});
