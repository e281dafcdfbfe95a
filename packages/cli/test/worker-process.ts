/** Spawns `skilldock worker --json` as a real process and waits for its start line. */
import { type CliProcess, startCliProcess } from './serve-process.js';

/** The `--json` start line of `skilldock worker`. */
export interface WorkerStartLine {
  readonly type: 'worker-started';
  readonly workerId: string;
  readonly dataDir: string;
}

/** A running `skilldock worker`. */
export type WorkerProcess = CliProcess<WorkerStartLine>;

/** Starts `skilldock worker --json …args` with its own HOME; rejects with its stderr if it exits first. */
export function startWorker(
  args: readonly string[],
  options: { home: string; env?: Record<string, string> },
): Promise<WorkerProcess> {
  return startCliProcess<WorkerStartLine>(['worker', '--json', ...args], options);
}
