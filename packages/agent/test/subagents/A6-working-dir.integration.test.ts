import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateWorkingDir } from '@skilldock/agent/subagents';
import type { RecordedRequest } from '@skilldock/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTool } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { definition, startSubagentSetup, systemOf } from './subagent-harness.js';

let base: string;
let repository: string;
let other: string;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: base,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
    stdio: 'pipe',
  });

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-worktrees-')));
  repository = path.join(base, 'repo');
  other = path.join(base, 'other');
  for (const folder of [repository, other]) {
    await mkdir(folder);
    git(folder, 'init', '-q', '-b', 'main');
    await writeFile(path.join(folder, 'README.md'), 'hello\n');
    git(folder, 'add', '.');
    git(folder, 'commit', '-q', '-m', 'first');
  }
  git(repository, 'worktree', 'add', '-q', '-b', 'feature', path.join(base, 'repo-feature'));
  git(repository, 'worktree', 'add', '-q', '-b', 'nested', path.join(repository, 'trees', 'nested'));
  git(other, 'worktree', 'add', '-q', '-b', 'theirs', path.join(base, 'other-feature'));
  await symlink(path.join(base, 'repo-feature'), path.join(repository, 'link-to-feature'));
  await mkdir(path.join(repository, 'plain-folder'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('working_dir (SPEC A6)', () => {
  it('A6 accepts a linked worktree of this repository, relative to the project or absolute', async () => {
    expect(await validateWorkingDir('../repo-feature', { cwd: repository })).toEqual({
      ok: true,
      path: path.join(base, 'repo-feature'),
    });
    expect(await validateWorkingDir('trees/nested', { cwd: repository })).toEqual({
      ok: true,
      path: path.join(repository, 'trees', 'nested'),
    });
    expect(await validateWorkingDir(path.join(base, 'repo-feature'), { cwd: repository })).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['..', 'working_dir_not_linked_worktree', /is not a linked worktree of this repository/],
    ['.', 'working_dir_main_worktree', /is the main worktree/],
    ['plain-folder', 'working_dir_not_linked_worktree', /is not a linked worktree of this repository/],
    ['link-to-feature', 'symlink_refused', /is a symbolic link; give the worktree's own path/],
    ['../other-feature', 'working_dir_not_linked_worktree', /is not a linked worktree of this repository/],
    ['../missing', 'path_not_found', /does not exist/],
    ['README.md', 'not_a_directory', /is not a folder/],
    ['a\0b', 'invalid_working_dir', /is not a folder path/],
  ])('A6 refuses %j (%s)', async (value, code, message) => {
    const checked = await validateWorkingDir(value, { cwd: repository });
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.code).toBe(code);
      expect(checked.message).toMatch(message);
    }
  });

  it("A6 outside a git repository working_dir is refused with git's reason", async () => {
    const checked = await validateWorkingDir('.', { cwd: base });
    expect(checked).toMatchObject({
      ok: false,
      code: expect.stringMatching(
        /^(git_worktree_list_failed|working_dir_main_worktree|working_dir_not_linked_worktree)$/,
      ),
      message: expect.stringMatching(/git worktree list failed|main worktree|not a linked/),
    });
  });

  it.each(PROTOCOL_CASES)(
    'A6 a named agent given a worktree works there ($protocol)',
    async (protocolCase) => {
      const seen: string[] = [];
      let parentTurns = 0;
      const setup = await startSubagentSetup(protocolCase, {
        cwd: repository,
        tools: [
          testTool('ls', 'read', async (_input, context) => {
            seen.push(context.cwd);
            return { content: 'listed', isError: false };
          }),
        ],
        agents: [
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a subagent prompt placeholder, filled by the run
          definition({ name: 'builder', systemPrompt: 'You are builder in ${cwd}.', background: false }),
        ],
        script: (request: RecordedRequest) => {
          if (systemOf(protocolCase, request).startsWith('You are the parent.')) {
            return ++parentTurns === 1
              ? {
                  toolCalls: [
                    {
                      name: 'agent',
                      arguments: {
                        subagent_type: 'builder',
                        description: 'b',
                        prompt: 'Build',
                        working_dir: '../repo-feature',
                      },
                    },
                    {
                      name: 'agent',
                      arguments: {
                        subagent_type: 'builder',
                        description: 'b',
                        prompt: 'Build',
                        working_dir: '../other-feature',
                      },
                    },
                  ],
                }
              : { text: 'ok' };
          }
          return protocolCase.toolResultsOf(request.body).length === 0
            ? { toolCalls: [{ name: 'ls', arguments: {} }] }
            : { text: 'Built.' };
        },
      });
      try {
        await setup.run('Build in the worktree.');
        expect(seen).toEqual([path.join(base, 'repo-feature')]);
        const subs = setup.server.requests.filter((request) =>
          systemOf(protocolCase, request).startsWith('You are builder'),
        );
        expect(systemOf(protocolCase, subs[0]!)).toBe(
          `You are builder in ${path.join(base, 'repo-feature')}.`,
        );
        const results = protocolCase
          .toolResultsOf(setup.server.requests.at(-1)!.body)
          .map((entry) => entry.content);
        expect(results[0]).toMatch(/^Built\./);
        expect(results[1]).toMatch(/"\.\.\/other-feature" is not a linked worktree of this repository/);
      } finally {
        await setup.close();
      }
    },
  );
});
