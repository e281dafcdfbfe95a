import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AcpPermissionToolCall,
  decideAcpPermission,
} from '../../src/subagents/executors/decide-acp-permission.js';

const OPTIONS = [
  { optionId: 'yes', kind: 'allow_once' },
  { optionId: 'always', kind: 'allow_always' },
  { optionId: 'no', kind: 'reject_once' },
  { optionId: 'never', kind: 'reject_always' },
];

let base: string;
let project: string;
let outside: string;
beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'skilldock-acp-permissions-')));
  project = join(base, 'project');
  outside = join(base, 'outside');
  await mkdir(join(project, 'src'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(project, 'src', 'a.ts'), 'export const a = 1;\n');
  await writeFile(join(outside, 'secret.txt'), 'not yours\n');
  // A link inside the project that leads out of it.
  await symlink(outside, join(project, 'escape'));
});
afterAll(() => rm(base, { recursive: true, force: true }));

/** The option picked for `toolCall`, or `cancelled`. */
async function answer(toolCall: AcpPermissionToolCall, allowEdits: boolean, options = OPTIONS) {
  const { outcome } = await decideAcpPermission(toolCall, options, { cwd: project, allowEdits });
  return outcome.outcome === 'selected' ? outcome.optionId : outcome.outcome;
}

describe('ACP permission answers (SPEC A7, G3)', () => {
  it('A7 allows looking, edits only when the task may edit, and never commands, mode switches or unknown kinds', async () => {
    const kinds = [
      'read',
      'search',
      'fetch',
      'think',
      'edit',
      'delete',
      'move',
      'execute',
      'switch_mode',
      'other',
      null,
    ];
    const answers: Record<string, string[]> = {};
    for (const kind of kinds) {
      const toolCall = { kind, locations: [{ path: join(project, 'src', 'a.ts') }] };
      answers[String(kind)] = [await answer(toolCall, false), await answer(toolCall, true)];
    }
    expect(answers).toEqual({
      read: ['yes', 'yes'],
      search: ['yes', 'yes'],
      fetch: ['yes', 'yes'],
      think: ['yes', 'yes'],
      edit: ['no', 'yes'],
      delete: ['no', 'yes'],
      move: ['no', 'yes'],
      execute: ['no', 'no'],
      switch_mode: ['no', 'no'],
      other: ['no', 'no'],
      null: ['no', 'no'],
    });
  });

  it('A7 never picks an "always" option, which would outlive the task; without a once option it cancels', async () => {
    const alwaysOnly = OPTIONS.filter((option) => option.kind.endsWith('_always'));
    expect(await answer({ kind: 'read' }, true, alwaysOnly)).toBe('cancelled');
    expect(await answer({ kind: 'edit' }, false, alwaysOnly)).toBe('cancelled');
  });
});

describe('ACP permission requests are confined to the task folder (SPEC A7, SEC6)', () => {
  it('SEC6 a read or an edit inside the folder is allowed, relative or absolute, named in any of the fields', async () => {
    expect(await answer({ kind: 'read', locations: [{ path: 'src/a.ts' }] }, false)).toBe('yes');
    expect(
      await answer(
        { kind: 'read', rawInput: { file_path: join(project, 'src', 'a.ts') }, locations: [] },
        false,
      ),
    ).toBe('yes');
    // A new file inside the folder (Claude Code's Write reports it in all three places).
    const newFile = join(project, 'src', 'new.ts');
    expect(
      await answer(
        {
          kind: 'edit',
          rawInput: { file_path: newFile, content: 'x' },
          locations: [{ path: newFile }],
          content: [{ type: 'diff', path: newFile, oldText: null, newText: 'x' }],
        },
        true,
      ),
    ).toBe('yes');
    // Grep without `path` searches the working folder.
    expect(await answer({ kind: 'search', rawInput: { pattern: 'a' } }, false)).toBe('yes');
  });

  it('SEC6 a read outside the folder is rejected, however it is spelled (absolute, traversal, a link that leads out)', async () => {
    const attempts: AcpPermissionToolCall[] = [
      // What claude-agent-acp 0.23.1 sent for `Read /work/…/package.json` outside its cwd.
      {
        kind: 'read',
        rawInput: { file_path: join(outside, 'secret.txt') },
        locations: [{ path: join(outside, 'secret.txt') }],
      },
      { kind: 'read', locations: [{ path: '../outside/secret.txt' }] },
      { kind: 'read', locations: [{ path: 'src/../../outside/secret.txt' }] },
      { kind: 'read', locations: [{ path: 'escape/secret.txt' }] },
      { kind: 'read', locations: [{ path: '/etc/passwd' }] },
      { kind: 'search', rawInput: { pattern: 'password', path: '/' } },
      { kind: 'search', rawInput: { pattern: '*', path: 'escape' } },
      { kind: 'read', rawInput: { notebook_path: join(outside, 'n.ipynb') } },
      // A location inside, but the tool's own input outside: the input is what runs.
      {
        kind: 'read',
        locations: [{ path: 'src/a.ts' }],
        rawInput: { file_path: join(outside, 'secret.txt') },
      },
      { kind: 'read', locations: [{ path: `src/a.ts\0/../../outside/secret.txt` }] },
    ];
    for (const attempt of attempts) {
      expect([JSON.stringify(attempt), await answer(attempt, true)]).toEqual([JSON.stringify(attempt), 'no']);
    }
  });

  it('SEC6 an edit outside the folder, through a link, or of a file that configures an agent is rejected even with edits allowed', async () => {
    const attempts: AcpPermissionToolCall[] = [
      // What claude-agent-acp 0.23.1 sent for `Write /tmp/…/outside.txt`.
      {
        kind: 'edit',
        rawInput: { file_path: join(outside, 'pwned.txt'), content: 'pwned' },
        locations: [{ path: join(outside, 'pwned.txt') }],
        content: [{ type: 'diff', path: join(outside, 'pwned.txt'), oldText: null, newText: 'pwned' }],
      },
      { kind: 'edit', locations: [{ path: 'escape/pwned.txt' }] },
      { kind: 'edit', content: [{ type: 'diff', path: '../outside/pwned.txt', newText: 'x' }] },
      { kind: 'move', rawInput: { path: 'src/a.ts', destination: '../outside/a.ts' } },
      { kind: 'delete', locations: [{ path: join(outside, 'secret.txt') }] },
      // Files that configure an agent or a tool: nobody approved such a write here (SPEC SEC2).
      { kind: 'edit', locations: [{ path: '.skilldock/settings.json' }] },
      { kind: 'edit', locations: [{ path: '.git/hooks/pre-commit' }] },
      { kind: 'edit', locations: [{ path: '.mcp.json' }] },
    ];
    for (const attempt of attempts) {
      expect([JSON.stringify(attempt), await answer(attempt, true)]).toEqual([JSON.stringify(attempt), 'no']);
    }
  });

  it('SEC6 a request whose paths cannot be judged is rejected: a path that is not a string, or too many paths', async () => {
    expect(await answer({ kind: 'read', locations: [{ path: 42 }] }, true)).toBe('no');
    expect(await answer({ kind: 'read', rawInput: { file_path: { toString: 'x' } } }, true)).toBe('no');
    expect(await answer({ kind: 'read', rawInput: { file_path: ['src/a.ts'] } }, true)).toBe('no');
    const many = Array.from({ length: 101 }, () => ({ path: 'src/a.ts' }));
    expect(await answer({ kind: 'read', locations: many }, true)).toBe('no');
    expect(await answer({ kind: 'read', locations: many.slice(0, 100) }, true)).toBe('yes');
  });
});
