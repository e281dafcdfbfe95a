import { existsSync, readFileSync } from 'node:fs';
import { SkilldockError } from '@skilldock/core/errors';

/**
 * Whether process `pid` is running: it exists and is not a zombie waiting for a parent that will
 * never reap it. Reads `/proc/<pid>/stat` (`procRoot`, default `/proc`), so it works only where
 * `/proc` exists (Linux); elsewhere it throws rather than answer "not alive" and let a test about
 * killed processes pass vacuously.
 * @throws SkilldockError `process_liveness_unsupported` when `/proc` is missing.
 * @example expect(isProcessAlive(child.pid)).toBe(true);
 */
export function isProcessAlive(pid: number, { procRoot = '/proc' }: { procRoot?: string } = {}): boolean {
  if (!existsSync(`${procRoot}/self/stat`))
    throw new SkilldockError(
      'process_liveness_unsupported',
      `isProcessAlive needs /proc (Linux): ${procRoot}/self/stat is missing, so a dead process and a zombie cannot be told apart here.`,
    );
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  let stat: string;
  try {
    stat = readFileSync(`${procRoot}/${pid}/stat`, 'utf8');
  } catch {
    // Gone between the signal check and the read.
    return false;
  }
  // The state letter follows the command name, which is in parentheses and may hold spaces.
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/**
 * Resolves `true` once process `pid` is gone (signals are delivered asynchronously), `false` if it
 * is still running after `timeoutMs`. A liveness bound, polled every `intervalMs`.
 */
export async function waitUntilProcessGone(
  pid: number,
  { timeoutMs = 10_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return true;
}
