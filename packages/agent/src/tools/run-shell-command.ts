import { spawn } from 'node:child_process';
import { CappedOutput } from './capped-output.js';
import { killProcessGroup } from './kill-process-group.js';

/**
 * A program the shell runs inside (a sandbox such as bubblewrap): the command is spawned as
 * `executable ...args <shell> -c <command>`, in its own process group like a plain shell.
 */
export interface ShellLauncher {
  readonly executable: string;
  readonly args: readonly string[];
  /**
   * Runs before the command starts (a sandbox hands the folder over to the user it runs as). A
   * failure is ignored: the command then meets the folder as it is.
   */
  readonly beforeStart?: () => Promise<unknown>;
  /**
   * Runs once the command has ended, before its outcome is returned (a sandbox clears the set-id
   * bits of what the command left, see `stripSetIdBits`). A failure is ignored.
   */
  readonly afterExit?: () => Promise<unknown>;
}

/** Options of {@link runShellCommand}. */
export interface RunShellCommandOptions {
  readonly cwd: string;
  readonly environment: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly maxOutputCharacters: number;
  /** How long a stopped command gets between SIGTERM and SIGKILL. */
  readonly killGraceMs?: number;
  /** The shell binary run as `<shell> -c <command>`. */
  readonly shell?: string;
  /** Runs the shell inside this program (see {@link ShellLauncher}); default: the shell itself. */
  readonly launcher?: ShellLauncher;
  /** Sees every chunk of output as it arrives (a background command's output file). */
  readonly onOutput?: (chunk: string) => void;
  /** Told the process group id once the shell started (to kill it when the process exits). */
  readonly onSpawn?: (pid: number) => void;
}

/** How a command ended. `output` is stdout and stderr interleaved, capped (head and tail kept). */
export interface ShellCommandOutcome {
  readonly output: string;
  /** The exit code, or null when a signal ended it or it never started. */
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why it did not run to completion, if it did not. */
  readonly stopped?: 'timeout' | 'aborted';
  /** Set when the shell could not be started. */
  readonly spawnError?: string;
  /** True when background processes kept the output open after the command returned. */
  readonly outputAbandoned: boolean;
}

/** After the shell exits, how long to wait for children that still hold its output. */
const OUTPUT_DRAIN_MS = 500;

/**
 * Runs `command` with `bash -c` in its own process group. On timeout or abort the whole group
 * (the shell and everything it started) gets SIGTERM, then SIGKILL after a grace period.
 */
export async function runShellCommand(
  command: string,
  options: RunShellCommandOptions,
): Promise<ShellCommandOutcome> {
  await options.launcher?.beforeStart?.().catch(() => undefined);
  return spawnShellCommand(command, options);
}

function spawnShellCommand(command: string, options: RunShellCommandOptions): Promise<ShellCommandOutcome> {
  const { killGraceMs = 2000, shell = 'bash' } = options;
  const output = new CappedOutput(options.maxOutputCharacters);
  return new Promise((resolvePromise) => {
    const child = spawn(
      options.launcher?.executable ?? shell,
      [...(options.launcher === undefined ? [] : [...options.launcher.args, shell]), '-c', command],
      {
        cwd: options.cwd,
        env: options.environment,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Own process group, so a timeout can stop grandchildren too.
        detached: true,
      },
    );
    let stopped: 'timeout' | 'aborted' | undefined;
    let settled = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    const killGroup = (signal: NodeJS.Signals): void => killProcessGroup(child.pid, signal);
    const stop = (reason: 'timeout' | 'aborted'): void => {
      if (stopped !== undefined || settled) return;
      stopped = reason;
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), killGraceMs);
      killTimer.unref();
    };
    const finish = (outputAbandoned: boolean, spawnError?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(drainTimer);
      options.signal.removeEventListener('abort', onAbort);
      if (stopped !== undefined) {
        // Make sure nothing of the group survives the grace period.
        clearTimeout(killTimer);
        killGroup('SIGKILL');
      }
      if (outputAbandoned) {
        child.stdout.destroy();
        child.stderr.destroy();
      }
      const outcome: ShellCommandOutcome = {
        output: output.toString(),
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        ...(stopped === undefined ? {} : { stopped }),
        ...(spawnError === undefined ? {} : { spawnError }),
        outputAbandoned,
      };
      const afterExit = options.launcher?.afterExit;
      if (afterExit === undefined) {
        resolvePromise(outcome);
        return;
      }
      afterExit().then(
        () => resolvePromise(outcome),
        () => resolvePromise(outcome),
      );
    };
    const onAbort = (): void => stop('aborted');
    const timeoutTimer = setTimeout(() => stop('timeout'), options.timeoutMs);
    options.signal.addEventListener('abort', onAbort, { once: true });
    if (options.signal.aborted) stop('aborted');

    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const collect = (chunk: string) => {
      output.append(chunk);
      options.onOutput?.(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.once('error', (error) => finish(false, error.message));
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      drainTimer = setTimeout(() => finish(true), OUTPUT_DRAIN_MS);
    });
    child.once('close', () => finish(false));
  });
}
