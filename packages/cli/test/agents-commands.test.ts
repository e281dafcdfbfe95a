import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess } from './run-cli.js';

let project: string;
let home: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
});
afterEach(() => rmSync(path.dirname(project), { recursive: true, force: true }));

const run = (args: readonly string[]) => runCliInProcess(args, { cwd: project, home });
const writeAgent = (root: string, folder: string, file: string, text: string) => {
  mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(path.join(root, folder, file), text);
  return path.join(root, folder, file);
};
const agent = (name: string, description = `The ${name} agent.`, extra = '') =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nYou are ${name}.\n`;

describe('skilldock agents', () => {
  it('A1 list --json shows project agents above user agents and built-ins; --all adds the shadowed', async () => {
    writeAgent(
      project,
      '.claude/agents',
      'tester.md',
      agent('tester', 'Runs tests.', 'tools: Read, Bash\nmodel: haiku\n'),
    );
    writeAgent(home, '.qwen/agents', 'tester.md', agent('Tester', 'Mine.'));
    writeAgent(home, '.qwen/agents', 'mine.md', agent('mine'));
    const result = await run(['agents', 'list', '--json']);
    expect(result.status, result.stderr).toBe(0);
    const listing = JSON.parse(result.stdout);
    expect(listing.trusted).toBe(false);
    expect(
      listing.agents.map((entry: { name: string; level: string }) => `${entry.level}:${entry.name}`),
    ).toEqual([
      'project:tester',
      'user:mine',
      'builtin:claude-code',
      'builtin:codex',
      'builtin:Explore',
      'builtin:general-purpose',
    ]);
    expect(listing.agents[0]).toMatchObject({
      file: path.join(project, '.claude/agents/tester.md'),
      status: 'active',
      model: 'fast',
      tools: ['read_file', 'shell'],
      background: true,
      executor: null,
    });
    expect(listing.agents[0].overrides).toEqual([
      { level: 'user', file: path.join(home, '.qwen/agents/tester.md') },
    ]);
    const table = await run(['agents', 'list']);
    expect(table.stdout).toMatch(
      /tester\s+project \(\.claude\/agents\/tester\.md\)\s+fast\s+read_file, shell\s+active\s+overrides user/,
    );
    const all = JSON.parse((await run(['agents', 'list', '--json', '--all'])).stdout);
    expect(all.agents).toContainEqual(
      expect.objectContaining({
        name: 'Tester',
        level: 'user',
        status: 'shadowed',
        shadowedBy: { level: 'project', file: path.join(project, '.claude/agents/tester.md') },
      }),
    );
  });

  it('A1 list says when the workspace is untrusted and points at doctor for broken files', async () => {
    writeAgent(project, '.qwen/agents', 'proj.md', agent('proj'));
    writeAgent(project, '.qwen/agents', 'bad.md', agent('x'));
    const result = await run(['agents', 'list']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/proj\s+project \(\.qwen\/agents\/proj\.md\)/);
    expect(result.stderr).toContain('agent sessions will not load its project subagents');
    expect(result.stderr).toContain('1 problem(s) in agent files; run `skilldock agents doctor`');
  });

  it('A1 show finds a name in any case and prints fields, diagnostics and prompt', async () => {
    writeAgent(
      project,
      '.claude/agents',
      'r.md',
      agent('reviewer', 'Reviews.', 'tools: Read, WebFetch\ncolor: red\n'),
    );
    const result = await run(['agents', 'show', 'REVIEWER']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Tools          read_file, WebFetch');
    expect(result.stdout).toContain('.claude/agents/r.md:4:1 warning subagent_tool_unmapped');
    expect(result.stdout).toContain('.claude/agents/r.md:5:1 warning subagent_field_unknown');
    expect(result.stdout).toContain('You are reviewer.');
    const json = JSON.parse((await run(['agents', 'show', 'reviewer', '--json'])).stdout);
    expect(json).toMatchObject({ name: 'reviewer', systemPrompt: 'You are reviewer.', level: 'project' });
  });

  it('A1 doctor reports every invalid file with file, line, column and field, and exits 1', async () => {
    const bad = writeAgent(
      project,
      '.qwen/agents',
      'bad.md',
      agent('ok-name', 'd', 'approvalMode: sometimes\n'),
    );
    writeAgent(project, '.qwen/fork-profiles', 'other.md', '---\nname: explore\ntools:\n  - grep\n---\n');
    const result = await run(['agents', 'doctor', '--json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.diagnostics).toContainEqual({
      code: 'field_invalid_value',
      severity: 'error',
      message: expect.stringContaining('approvalMode'),
      file: bad,
      line: 4,
      column: 1,
      path: ['approvalMode'],
    });
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'fork_profile_name_mismatch', line: 2, column: 1, path: ['name'] }),
    );
    const text = await run(['agents', 'doctor']);
    expect(text.stdout).toContain('.qwen/agents/bad.md:4:1 error   field_invalid_value');
    expect(text.stdout).toMatch(/2 error\(s\)$/m);
  });

  it('A8 new writes a file that validates, refuses to overwrite, and --user writes under the home folder', async () => {
    const created = await run([
      'agents',
      'new',
      'reviewer',
      '--tools',
      'read_file,grep',
      '--model',
      'fast',
      '--approval-mode',
      'plan',
    ]);
    expect(created.status, created.stderr).toBe(0);
    const file = path.join(project, '.agents', 'agents', 'reviewer.md');
    expect(created.stdout).toContain('Created .agents/agents/reviewer.md');
    expect(readFileSync(file, 'utf8')).toContain('approvalMode: plan');
    const validated = await run(['agents', 'validate', file, '--json']);
    expect(validated.status).toBe(0);
    expect(JSON.parse(validated.stdout)).toMatchObject({
      valid: true,
      files: [{ file, kind: 'agent', valid: true, diagnostics: [] }],
    });
    const again = await run(['agents', 'new', 'reviewer']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect((await run(['agents', 'new', 'mine', '--user'])).status).toBe(0);
    expect(existsSync(path.join(home, '.agents', 'agents', 'mine.md'))).toBe(true);
  });

  it.each(['..', 'a/b', '__proto__', 'toString/..', 'main'])(
    'SEC1 new refuses the hostile name %s and writes nothing',
    async (name) => {
      const result = await run(['agents', 'new', name]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('cannot create the agent');
      expect(existsSync(path.join(project, '.agents'))).toBe(false);
    },
  );

  it('A1 validate refuses a FIFO and a link leading out of the folder without reading them', async () => {
    mkdirSync(path.join(project, '.qwen', 'agents'), { recursive: true });
    execFileSync('mkfifo', [path.join(project, '.qwen', 'agents', 'pipe.md')]);
    writeFileSync(path.join(home, 'outside.md'), agent('outside'));
    symlinkSync(path.join(home, 'outside.md'), path.join(project, '.qwen', 'agents', 'link.md'));
    const folder = await run(['agents', 'validate', '.qwen/agents', '--json']);
    expect(folder.status).toBe(1);
    const codes = JSON.parse(folder.stdout).files.flatMap((file: { diagnostics: { code: string }[] }) =>
      file.diagnostics.map((diagnostic) => diagnostic.code),
    );
    expect(codes.sort()).toEqual(['file_not_regular', 'file_outside_folder']);
    const single = await run(['agents', 'validate', '.qwen/agents/pipe.md']);
    expect(single.status).toBe(1);
    expect(single.stdout).toContain('is a FIFO, not a regular file');
  });

  it.each(['..', 'a/b', 'toString', '__proto__', 'constructor'])(
    'SEC1 show of the hostile name %s is an unknown name',
    async (name) => {
      const result = await run(['agents', 'show', name, '--json']);
      expect(result.status).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({
        error: { code: 'subagent_not_found', details: { name } },
      });
    },
  );

  it('A1 validate refuses a file over 4 MiB without parsing it', async () => {
    const file = writeAgent(project, '.qwen/agents', 'huge.md', agent('huge'));
    truncateSync(file, 5 * 1024 * 1024);
    const result = await run(['agents', 'validate', file]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('is 5242880 bytes; at most 4194304 bytes (4 MiB) are allowed');
  });

  it('SEC5 a hostile description is shown escaped in list and show', async () => {
    writeAgent(project, '.qwen/agents', 'evil.md', agent('evil', '"Clear \\u001b[2J screen \\u202e"'));
    for (const args of [
      ['agents', 'list'],
      ['agents', 'show', 'evil'],
    ]) {
      const result = await run(args);
      expect(result.stdout).not.toContain('\u001b[2J');
      expect(result.stdout).not.toContain('\u202e');
      expect(result.stdout).toContain('\\x1b[2J');
    }
  });

  it('I2 every agents command has --help', async () => {
    for (const command of ['list', 'show', 'validate', 'doctor', 'new']) {
      const result = await run(['agents', command, '--help']);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Usage: skilldock agents ${command}`);
    }
  });
});
