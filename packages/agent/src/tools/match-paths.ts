import type { Failure } from '@skilldock/core/errors';
import { compileGlob } from '@skilldock/core/format';

/** Options of {@link matchPaths}. */
export interface MatchPathsOptions {
  /** A glob without `/` matches base names (grep's glob, as rg's `--glob`). */
  readonly basename?: boolean;
  readonly signal: AbortSignal;
}

// Paths matched between two turns of the event loop.
const BATCH = 2048;

/**
 * The paths that match a picomatch-dialect glob, on core's linear-time matcher (`compileGlob`,
 * SPEC SEC7): each path costs O(path × glob) however the glob is written, so this runs on the
 * calling thread, giving the event loop a turn and checking `signal` every few thousand paths.
 * (It replaced a picomatch worker thread: picomatch's backtracking RegExp kept a core busy until
 * the run was cancelled.) A glob the engine refuses (`!(…)`, over-long) is an `invalid_glob`.
 */
export async function matchPaths(
  paths: readonly string[],
  glob: string,
  { basename = false, signal }: MatchPathsOptions,
): Promise<{ readonly ok: true; readonly paths: string[] } | Failure<'invalid_glob'>> {
  const compiled = compileGlob(glob, { basename });
  if (!compiled.ok) return compiled;
  const matched: string[] = [];
  for (let start = 0; start < paths.length; start += BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    for (const path of paths.slice(start, start + BATCH)) if (compiled.matches(path)) matched.push(path);
  }
  return { ok: true, paths: matched };
}
