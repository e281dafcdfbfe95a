import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { CappedOutput } from '../../tools/capped-output.js';
import { killProcessGroup } from '../../tools/kill-process-group.js';

/** How an executor process ended. */
export interface ExecutorExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A running executor: its pipes, its capped stderr, how it ended, and how to end it. */
export interface ExecutorProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Settles once the process has exited (or could not start: then `spawnError` is set). */
  readonly exited: Promise<ExecutorExit>;
  /** Set when the command could not be started at all. */
  spawnError(): Error | undefined;
  /** The last characters it wrote to stderr: for error messages. */
  stderrTail(): string;
  /**
   * Ends it: stdin closed, SIGTERM to its whole process group, SIGKILL after the grace period if
   * anything is left. Resolves once the process has exited. Safe to call more than once.
   */
  stop(): Promise<void>;
}

/** Options of {@link spawnExecutorProcess}. */
export interface SpawnExecutorOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Between SIGTERM and SIGKILL. */
  readonly killGraceMs: number;
  /** How much of stderr is kept for error messages. */
  readonly maxStderrCharacters?: number;
}

/**
 * Starts `executable` in its own process group with piped stdio and exactly `env` (the request's
 * scrubbed environment, SPEC SEC3: nothing of ours leaks in). When the process ends for any
 * reason, the rest of its group is killed too, so nothing it started outlives the task.
 */
export function spawnExecutorProcess(
  executable: string,
  args: readonly string[],
  { cwd, env, killGraceMs, maxStderrCharacters = 8000 }: SpawnExecutorOptions,
): ExecutorProcess {
  const child = spawn(executable, [...args], {
    cwd,
    env: { ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    // Own process group: cancellation stops grandchildren too.
    detached: true,
  });
  const stderr = new CappedOutput(maxStderrCharacters);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => stderr.append(chunk));
  // A child that exits while we write must not crash the host with EPIPE.
  child.stdin.on('error', () => {});
  let spawnError: Error | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const exited = new Promise<ExecutorExit>((resolve) => {
    child.once('error', (error) => {
      spawnError = error;
      resolve({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(killTimer);
      killProcessGroup(child.pid, 'SIGKILL');
      resolve({ code, signal });
    });
  });
  let stopping: Promise<void> | undefined;
  return {
    child,
    exited,
    spawnError: () => spawnError,
    stderrTail: () => stderr.toString().trim(),
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null || spawnError !== undefined) return;
        child.stdin.end();
        killProcessGroup(child.pid, 'SIGTERM');
        killTimer = setTimeout(() => killProcessGroup(child.pid, 'SIGKILL'), killGraceMs);
        killTimer.unref();
        await exited;
      })();
      return stopping;
    },
  };
}
