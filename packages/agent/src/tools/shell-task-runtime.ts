import { createWriteStream } from 'node:fs';
import type { TaskOutcome, TaskRuntime } from '../subagents/background-task-host.js';
import { runShellCommand, type ShellLauncher } from './run-shell-command.js';

/** Bytes of a background command's output its file keeps (SPEC A10); the rest is counted. */
export const MAX_BACKGROUND_OUTPUT_BYTES = 8 * 1024 * 1024;

/** Characters of output the completion notification carries (head and tail). */
const NOTIFICATION_OUTPUT_CHARACTERS = 4000;

/** No timeout unless the call gives one: the longest a Node timer waits (about 24 days). */
const NO_TIMEOUT_MS = 2_147_483_647;

/** What a background command runs with. */
export interface ShellTaskOptions {
  readonly command: string;
  readonly cwd: string;
  readonly environment: NodeJS.ProcessEnv;
  /** The output file (created `0600`; it must not exist). */
  readonly outputFile: string;
  readonly timeoutMs?: number;
  readonly killGraceMs?: number;
  readonly maxOutputBytes?: number;
  /** Runs the shell inside this program (a sandbox), as a foreground command would. */
  readonly launcher?: ShellLauncher;
}

/**
 * A background shell command (SPEC A10): its output goes to a capped file as it arrives (the
 * head up to the cap, then a note), and the completion notification carries its exit and the
 * head and tail of its output. Cancelling or closing the session stops its whole process group;
 * on process exit the group is killed at once. It takes no messages.
 */
export function createShellTaskRuntime(options: ShellTaskOptions): TaskRuntime {
  const { maxOutputBytes = MAX_BACKGROUND_OUTPUT_BYTES } = options;
  let pid: number | undefined;
  return {
    messaging: { unavailable: 'A shell command takes no messages; start another command instead.' },
    killNow: () => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
    async start(control): Promise<TaskOutcome> {
      const file = createWriteStream(options.outputFile, { flags: 'wx', mode: 0o600 });
      const opened = new Promise<void>((resolve, reject) => {
        file.once('open', () => resolve());
        file.once('error', reject);
      });
      await opened;
      let written = 0;
      let dropped = 0;
      const outcome = await runShellCommand(options.command, {
        cwd: options.cwd,
        environment: options.environment,
        timeoutMs: options.timeoutMs ?? NO_TIMEOUT_MS,
        signal: control.signal,
        maxOutputCharacters: NOTIFICATION_OUTPUT_CHARACTERS,
        ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
        ...(options.launcher === undefined ? {} : { launcher: options.launcher }),
        onSpawn: (spawned) => {
          pid = spawned;
        },
        onOutput: (chunk) => {
          const bytes = Buffer.from(chunk);
          const kept = bytes.subarray(0, Math.max(0, maxOutputBytes - written));
          if (kept.length > 0) file.write(kept);
          written += kept.length;
          dropped += bytes.length - kept.length;
        },
      });
      if (dropped > 0)
        file.write(
          `\n[… ${dropped} more bytes of output were not kept (the file keeps ${maxOutputBytes}) …]\n`,
        );
      await new Promise<void>((resolve) => file.end(() => resolve()));
      pid = undefined;
      const output = outcome.output === '' ? '(no output)' : outcome.output.replace(/\n$/, '');
      const where = `Full output: ${options.outputFile}`;
      if (outcome.spawnError !== undefined)
        return { status: 'failed', text: `The shell could not start: ${outcome.spawnError}` };
      if (outcome.stopped === 'aborted')
        return {
          status: 'cancelled',
          text: `Cancelled; the command and its processes were stopped.\n${output}\n${where}`,
        };
      if (outcome.stopped === 'timeout')
        return {
          status: 'failed',
          text: `Timed out; the command and its processes were stopped.\n${output}\n${where}`,
        };
      const ended =
        outcome.exitCode === null
          ? `Ended by signal ${outcome.signal ?? 'unknown'}`
          : `Exit code: ${outcome.exitCode}`;
      return {
        status: outcome.exitCode === 0 ? 'completed' : 'failed',
        text: `$ ${options.command.split('\n', 1)[0]}\n${output}\n${ended}\n${where}`,
      };
    },
  };
}
