import { execFile } from 'node:child_process';
import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Failure, failure } from '@skilldock/core/errors';

/** A checked `working_dir`: the worktree's real path, or why it was refused. */
export type WorkingDirCheck =
  | { readonly ok: true; readonly path: string }
  | Failure<
      | 'invalid_working_dir'
      | 'path_not_found'
      | 'symlink_refused'
      | 'not_a_directory'
      | 'git_worktree_list_failed'
      | 'working_dir_main_worktree'
      | 'working_dir_not_linked_worktree'
    >;

const GIT_TIMEOUT_MS = 10_000;

/**
 * Checks a subagent's `working_dir` (SPEC A6): resolved from `cwd`, it must be an existing linked
 * worktree of the repository `cwd` is in, as `git worktree list --porcelain` lists it — not the
 * main worktree, not a symbolic link to one (give its own path), not another repository's.
 * @example await validateWorkingDir('../repo-feature', { cwd: '/src/repo' }) // { ok: true, path: '/src/repo-feature' }
 */
export async function validateWorkingDir(
  value: string,
  { cwd, env = process.env }: { cwd: string; env?: Readonly<Record<string, string | undefined>> },
): Promise<WorkingDirCheck> {
  const shown = JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
  if (value.trim() === '' || value.includes('\0'))
    return failure('invalid_working_dir', `working_dir ${shown} is not a folder path.`);
  const requested = path.resolve(cwd, value);
  const info = await lstat(requested).catch(() => undefined);
  if (info === undefined) return failure('path_not_found', `working_dir ${shown} does not exist.`);
  if (info.isSymbolicLink()) {
    return failure(
      'symlink_refused',
      `working_dir ${shown} is a symbolic link; give the worktree's own path.`,
    );
  }
  if (!info.isDirectory()) return failure('not_a_directory', `working_dir ${shown} is not a folder.`);
  const real = await realpath(requested);
  let listing: string;
  try {
    listing = await git(['worktree', 'list', '--porcelain'], cwd, env);
  } catch (error) {
    return failure(
      'git_worktree_list_failed',
      `working_dir needs a git repository here, and git worktree list failed: ${(error as Error).message}`,
    );
  }
  const worktrees = listing
    .split('\n')
    .filter((line) => line.startsWith('worktree '))
    .map((line) => line.slice('worktree '.length));
  const linked = await Promise.all(worktrees.slice(1).map((entry) => realpath(entry).catch(() => undefined)));
  if (worktrees[0] !== undefined && (await realpath(worktrees[0]).catch(() => worktrees[0])) === real) {
    return failure(
      'working_dir_main_worktree',
      `working_dir ${shown} is the main worktree; omit working_dir to work there.`,
    );
  }
  if (!linked.includes(real)) {
    return failure(
      'working_dir_not_linked_worktree',
      `working_dir ${shown} is not a linked worktree of this repository (git worktree list shows ${linked.filter((entry) => entry !== undefined).length} linked worktrees). Create one with git worktree add first.`,
    );
  }
  const folder = await stat(real).catch(() => undefined);
  if (folder === undefined || !folder.isDirectory())
    return failure('not_a_directory', `working_dir ${shown} is not a folder.`);
  return { ok: true, path: real };
}

function git(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd,
        timeout: GIT_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
        env: { PATH: env.PATH ?? '', HOME: env.HOME ?? '', LANG: 'C', GIT_TERMINAL_PROMPT: '0' },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error((stderr.trim() || error.message).split('\n', 1)[0]));
        else resolve(stdout);
      },
    );
  });
}
