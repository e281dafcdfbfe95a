import { proveInside, withFileLock, writeFileAtomic } from '@skilldock/core/fs';
import type { CuratorPaths } from './curator-paths.js';
import type { CuratorState } from './curator-state.js';
import { readCuratorState } from './read-curator-state.js';

/**
 * Writes the state atomically (temp file + rename, `0600`; a link at the path is replaced, never
 * followed), after proving `.skilldock/` does not lead out of the project (SPEC SEC1).
 */
export async function writeCuratorState(paths: CuratorPaths, state: CuratorState): Promise<void> {
  const file = await proveInside(paths.stateFile, paths.projectRoot);
  await writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** Options of {@link updateCuratorState}. */
export interface UpdateCuratorStateOptions {
  /** Give up waiting for another process's lock after about this long; default 60 s. */
  readonly waitMilliseconds?: number;
}

/**
 * One read-modify-write of the state under the inter-process lock (`skill-curator.json.lock`, taken
 * over when a killed holder left it 10 s old), so two processes recording uses or pinning skills
 * never lose each other's change. `change` returns the new state (or `undefined` to write nothing)
 * and a result.
 * @throws ConflictError `file_locked` when another process holds the lock past `waitMilliseconds`.
 */
export async function updateCuratorState<T>(
  paths: CuratorPaths,
  change: (
    state: CuratorState,
  ) => Promise<{ state?: CuratorState; result: T }> | { state?: CuratorState; result: T },
  { waitMilliseconds }: UpdateCuratorStateOptions = {},
): Promise<T> {
  return withCuratorLock(
    paths,
    async () => {
      const { state, result } = await change(await readCuratorState(paths));
      if (state !== undefined) await writeCuratorState(paths, state);
      return result;
    },
    { ...(waitMilliseconds === undefined ? {} : { waitMilliseconds }) },
  );
}

/**
 * Runs `work` holding the curator's inter-process lock, after proving `.skilldock/` stays inside
 * the project (the lock folder is created there).
 */
export async function withCuratorLock<T>(
  paths: CuratorPaths,
  work: () => Promise<T>,
  { waitMilliseconds }: UpdateCuratorStateOptions = {},
): Promise<T> {
  await proveInside(paths.stateFile, paths.projectRoot);
  return withFileLock(paths.stateFile, work, waitMilliseconds === undefined ? {} : { waitMilliseconds });
}
