import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type OpenedSubagentRegistry, openSubagentRegistry } from '../../src/subagents/index.js';
import { makeWorkspaceFolders, type WorkspaceFolders } from '../workspace/workspace-folders.js';
import { agentText, writeAgentFile } from './subagent-folders-fixture.js';

describe('openSubagentRegistry', () => {
  let folders: WorkspaceFolders;
  const opened: OpenedSubagentRegistry[] = [];
  afterEach(async () => {
    for (const registry of opened.splice(0)) registry.close();
    await folders.cleanup();
  });
  const open = async (options: Partial<Parameters<typeof openSubagentRegistry>[0]> = {}) => {
    const registry = await openSubagentRegistry({
      projectRoot: folders.project,
      homeDirectory: folders.home,
      trusted: true,
      ...options,
    });
    opened.push(registry);
    return registry;
  };
  const names = (registry: OpenedSubagentRegistry) =>
    registry.list().map((agent) => `${agent.level}:${agent.name}`);

  it('A1 lists session, project, user and built-in agents in one order: level, then name', async () => {
    folders = await makeWorkspaceFolders();
    await writeAgentFile(folders.project, '.qwen/agents', 'zeta.md', agentText('zeta'));
    await writeAgentFile(folders.project, '.claude/agents', 'alpha.md', agentText('alpha'));
    await writeAgentFile(folders.home, '.agents/agents', 'mine.md', agentText('mine'));
    const registry = await open({
      definitions: [{ name: 'inline', description: 'From code.', systemPrompt: 'You help.' }],
    });
    expect(names(registry)).toEqual([
      'session:inline',
      'project:alpha',
      'project:zeta',
      'user:mine',
      'builtin:claude-code',
      'builtin:codex',
      'builtin:Explore',
      'builtin:general-purpose',
    ]);
  });

  it('A1 lists a project agent above a user agent of the same name and reports the user one as shadowed', async () => {
    folders = await makeWorkspaceFolders();
    const projectFile = await writeAgentFile(
      folders.project,
      '.qwen/agents',
      'reviewer.md',
      agentText('reviewer', 'Project.'),
    );
    const userFile = await writeAgentFile(
      folders.home,
      '.qwen/agents',
      'reviewer.md',
      agentText('Reviewer', 'User.'),
    );
    const registry = await open();
    expect((await registry.get('REVIEWER'))?.description).toBe('Project.');
    expect(registry.entries().find((entry) => entry.subagent.file === userFile)).toMatchObject({
      status: 'shadowed',
      shadowedBy: { file: projectFile },
    });
    expect(registry.diagnostics()).toContainEqual({
      code: 'subagent_shadowed',
      severity: 'info',
      message: `'Reviewer' (user, ${userFile}) is shadowed by 'reviewer' (project, ${projectFile})`,
      file: userFile,
      line: 2,
      column: 1,
      path: ['name'],
    });
  });

  it('A1 within the project, .qwen/agents comes before .agents/agents and .claude/agents', async () => {
    folders = await makeWorkspaceFolders();
    await writeAgentFile(folders.project, '.claude/agents', 'a.md', agentText('same', 'Claude.'));
    await writeAgentFile(folders.project, '.agents/agents', 'b.md', agentText('same', 'Agents.'));
    await writeAgentFile(folders.project, '.qwen/agents', 'c.md', agentText('same', 'Qwen.'));
    expect((await (await open()).get('same'))?.description).toBe('Qwen.');
  });

  it('A1 a project agent may override a built-in, and removing it restores the built-in', async () => {
    folders = await makeWorkspaceFolders();
    const file = await writeAgentFile(
      folders.project,
      '.qwen/agents',
      'explore.md',
      agentText('explore', 'Mine.'),
    );
    const registry = await open();
    expect((await registry.get('Explore'))?.level).toBe('project');
    await rm(file);
    await registry.refresh();
    expect((await registry.get('explore'))?.level).toBe('builtin');
  });

  it('A1 an untrusted workspace or safe mode loads no project agents; user agents still load', async () => {
    folders = await makeWorkspaceFolders();
    await writeAgentFile(folders.project, '.qwen/agents', 'proj.md', agentText('proj'));
    await writeAgentFile(folders.home, '.qwen/agents', 'mine.md', agentText('mine'));
    for (const options of [{ trusted: false }, { trusted: true, safeMode: true }]) {
      const registry = await open(options);
      expect(await registry.get('proj')).toBeUndefined();
      expect((await registry.get('mine'))?.level).toBe('user');
      expect(registry.folders.every((folder) => folder.level !== 'project')).toBe(true);
    }
  });

  it('A11 safe mode and untrusted workspaces leave out executor agents, saying why', async () => {
    folders = await makeWorkspaceFolders();
    const registry = await open({ safeMode: true });
    expect(await registry.get('codex')).toBeUndefined();
    expect(await registry.get('claude-code')).toBeUndefined();
    expect(registry.entries().find((entry) => entry.subagent.name === 'codex')).toMatchObject({
      status: 'unavailable',
      reason: 'external executors are off in safe mode',
    });
    const untrusted = await open({ trusted: false });
    expect(untrusted.list().map((agent) => agent.name)).toEqual(['Explore', 'general-purpose']);
    expect(untrusted.diagnostics()).toContainEqual(
      expect.objectContaining({
        code: 'subagent_executor_unavailable',
        message: expect.stringContaining('trusted workspace'),
      }),
    );
  });

  it('A1 a file created while the session runs is found at the next get (one re-read on a miss)', async () => {
    folders = await makeWorkspaceFolders();
    const registry = await open();
    expect(registry.list().some((agent) => agent.name === 'late')).toBe(false);
    await writeAgentFile(folders.project, '.agents/agents', 'late.md', agentText('late'));
    expect((await registry.get('LATE'))?.name).toBe('late');
    expect(registry.list().some((agent) => agent.name === 'late')).toBe(true);
  });

  it('A1 the watcher re-reads a folder when a file in it changes', async () => {
    folders = await makeWorkspaceFolders();
    const file = await writeAgentFile(
      folders.project,
      '.qwen/agents',
      'w.md',
      agentText('watched', 'Before.'),
    );
    const registry = await open({ watch: true });
    const changed = new Promise<void>((resolve) => registry.subscribe(resolve));
    await writeFile(file, agentText('watched', 'After.'));
    await changed;
    expect(registry.list().find((agent) => agent.name === 'watched')?.description).toBe('After.');
  });

  it('A1 every invalid file is reported with file, line and field, and the others still load', async () => {
    folders = await makeWorkspaceFolders();
    const bad = await writeAgentFile(
      folders.project,
      '.qwen/agents',
      'bad.md',
      '---\nname: bad\ndescription: d\napprovalMode: reckless\n---\nx\n',
    );
    await writeAgentFile(folders.project, '.qwen/agents', 'good.md', agentText('good'));
    await writeAgentFile(folders.project, '.qwen/agents', 'notes.txt', 'not an agent');
    const registry = await open();
    expect(await registry.get('good')).toBeDefined();
    expect(await registry.get('bad')).toBeUndefined();
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({
        code: 'field_invalid_value',
        severity: 'error',
        file: bad,
        line: 4,
        column: 1,
        path: ['approvalMode'],
      }),
    );
  });

  it.each([['..'], ['a/b'], ['toString'], ['__proto__'], ['constructor']])(
    'A1 a lookup of the hostile name %s finds nothing and reads nothing outside the folders',
    async (name) => {
      folders = await makeWorkspaceFolders();
      const registry = await open();
      expect(await registry.get(name)).toBeUndefined();
    },
  );

  it('A1 an agent named toString or __proto__ in a file is just a name', async () => {
    folders = await makeWorkspaceFolders();
    await writeAgentFile(folders.project, '.qwen/agents', 'a.md', agentText('toString'));
    await writeAgentFile(folders.project, '.qwen/agents', 'b.md', agentText('__proto__'));
    const registry = await open();
    expect((await registry.get('tostring'))?.name).toBe('toString');
    // `__proto__` fails the name rule (leading `_`), so it is reported, not loaded.
    expect(await registry.get('__proto__')).toBeUndefined();
    expect(registry.diagnostics()).toContainEqual(expect.objectContaining({ code: 'subagent_name_edge' }));
  });

  it('A1 a link leading out of the agents folder is refused and reported', async () => {
    folders = await makeWorkspaceFolders();
    const outside = path.join(folders.home, 'secret.md');
    await writeFile(outside, agentText('secret'));
    await mkdir(path.join(folders.project, '.qwen', 'agents'), { recursive: true });
    const link = path.join(folders.project, '.qwen', 'agents', 'secret.md');
    await symlink(outside, link);
    const registry = await open();
    expect(await registry.get('secret')).toBeUndefined();
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ code: 'file_outside_folder', severity: 'error', file: link }),
    );
  });

  it('A1 a FIFO in place of an agent file is reported without blocking', async () => {
    folders = await makeWorkspaceFolders();
    await mkdir(path.join(folders.project, '.qwen', 'agents'), { recursive: true });
    const fifo = path.join(folders.project, '.qwen', 'agents', 'pipe.md');
    execFileSync('mkfifo', [fifo]);
    const registry = await open();
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({
        code: 'file_not_regular',
        file: fifo,
        message: expect.stringContaining('FIFO'),
      }),
    );
  });

  it('A1 a file over 4 MiB is refused unread, and malformed YAML is positioned', async () => {
    folders = await makeWorkspaceFolders();
    const huge = await writeAgentFile(folders.project, '.qwen/agents', 'huge.md', agentText('huge'));
    await truncate(huge, 5 * 1024 * 1024);
    const broken = await writeAgentFile(
      folders.project,
      '.qwen/agents',
      'broken.md',
      '---\nname: [unclosed\n---\n',
    );
    const registry = await open();
    const diagnostics = registry.diagnostics();
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'file_too_large', file: huge }));
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ severity: 'error', file: broken, line: expect.any(Number) }),
    );
  });

  it('A1 more than 1000 agent files in a folder: the first 1000 by name load and the rest are reported', async () => {
    folders = await makeWorkspaceFolders();
    const directory = path.join(folders.project, '.qwen', 'agents');
    await mkdir(directory, { recursive: true });
    await Promise.all(
      Array.from({ length: 1001 }, (_, index) => {
        const name = `agent-${String(index).padStart(4, '0')}`;
        return writeFile(path.join(directory, `${name}.md`), agentText(name));
      }),
    );
    const registry = await open();
    expect(registry.list().filter((agent) => agent.level === 'project')).toHaveLength(1000);
    expect(await registry.get('agent-1000')).toBeUndefined();
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ code: 'folder_too_many_files', severity: 'warning', file: directory }),
    );
  });

  it('A1 a file where the agents folder should be is reported, not ignored', async () => {
    folders = await makeWorkspaceFolders();
    await mkdir(path.join(folders.project, '.claude'), { recursive: true });
    await writeFile(path.join(folders.project, '.claude', 'agents'), 'not a folder');
    const registry = await open();
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({
        code: 'folder_not_a_folder',
        file: path.join(folders.project, '.claude', 'agents'),
      }),
    );
  });

  it('A1 a workspace agent with the name of a session agent is an error; the session one is used', async () => {
    folders = await makeWorkspaceFolders();
    const file = await writeAgentFile(
      folders.project,
      '.qwen/agents',
      'helper.md',
      agentText('helper', 'File.'),
    );
    const registry = await open({
      definitions: [{ name: 'Helper', description: 'Code.', systemPrompt: 'x', model: 'fast' }],
    });
    expect(await registry.get('helper')).toMatchObject({
      level: 'session',
      description: 'Code.',
      model: { kind: 'fast' },
    });
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ code: 'subagent_session_conflict', severity: 'error', file }),
    );
  });

  it('A1 an invalid session definition throws naming the field', async () => {
    folders = await makeWorkspaceFolders();
    await expect(
      open({ definitions: [{ name: 'main', description: 'x', systemPrompt: 'x' }] }),
    ).rejects.toMatchObject({
      code: 'invalid_subagent_definition',
      message: expect.stringContaining("'name' is reserved"),
    });
  });

  it('A2 the built-ins: general-purpose inherits, Explore is read-only with its own model, executors are foreground', async () => {
    folders = await makeWorkspaceFolders();
    const registry = await open({ settings: { builtin: { exploreModel: 'fast' } } });
    expect(await registry.get('general-purpose')).toMatchObject({
      model: { kind: 'inherit' },
      background: true,
    });
    expect(registry.list().find((agent) => agent.name === 'general-purpose')?.tools).toBeUndefined();
    expect(await registry.get('explore')).toMatchObject({
      tools: ['read_file', 'ls', 'glob', 'grep'],
      approvalMode: 'plan',
      model: { kind: 'fast' },
    });
    expect(await registry.get('claude-code')).toMatchObject({
      executor: { kind: 'acp', command: 'claude-agent-acp' },
      background: false,
    });
    expect(await registry.get('codex')).toMatchObject({
      executor: { kind: 'codex', command: 'codex' },
      background: false,
    });
  });
});
