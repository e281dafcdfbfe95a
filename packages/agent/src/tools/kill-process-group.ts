/**
 * Sends `signal` to the process group led by `pid` (a child spawned with `detached: true`), so the
 * child and everything it started get it. A group that is already gone is not an error.
 */
export function killProcessGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
