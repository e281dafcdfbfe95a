import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { shellEnvironment } from '../loop/shell-environment.js';
import type { RunAwareTool } from '../loop/tool-run-view.js';
import { confinePath } from '../policy/confine-path.js';
import { defineRunAwareTool } from './define-run-aware-tool.js';
import { runShellCommand, type ShellCommandOutcome, type ShellLauncher } from './run-shell-command.js';
import { createShellTaskRuntime } from './shell-task-runtime.js';
import { errorResult, textResult } from './tool-results.js';

/** Options of {@link createShellTool}. */
export interface ShellToolOptions {
  /** Timeout when the call gives none. */
  readonly defaultTimeoutMs?: number;
  /** Largest timeout a call may ask for. */
  readonly maxTimeoutMs?: number;
  /** Most characters of output returned (head and tail are kept). */
  readonly maxOutputCharacters?: number;
  /** The environment commands run with. Default: this process's, without credentials ({@link shellEnvironment}). */
  readonly environment?: NodeJS.ProcessEnv;
  /** How long a stopped command gets between SIGTERM and SIGKILL. */
  readonly killGraceMs?: number;
  /**
   * Runs every command, background ones too, inside a program such as a sandbox: given the real
   * folder the command runs in, it says what to spawn (see {@link ShellLauncher}).
   */
  readonly launcher?: (cwd: string) => ShellLauncher;
  /** Said after the tool's own description: where commands run, what they may reach. */
  readonly descriptionNote?: string;
}

/**
 * The `shell` tool (SPEC G4): runs a command with `bash -c` in the project (or a folder inside
 * it). Default timeout 120 s, at most 600 s; on timeout or cancellation the command's whole
 * process group is stopped. Output (stdout and stderr interleaved) is capped, keeping head and
 * tail, and ends with the exit code. A non-zero exit is an error result.
 *
 * Environment: the host's, minus variables that look like credentials (names such as
 * `*_API_KEY`, `*_TOKEN`, `*SECRET*`, `*PASSWORD*`), because the model reads everything a command
 * prints; pass `environment` to choose exactly — hosts pass `shellEnvironment(env, { deny, allow })`
 * with the names `configuredSecrets` collects (SPEC SEC3).
 */
export function createShellTool({
  defaultTimeoutMs = 120_000,
  maxTimeoutMs = 600_000,
  maxOutputCharacters = 30_000,
  environment,
  killGraceMs = 2000,
  launcher,
  descriptionNote,
}: ShellToolOptions = {}): RunAwareTool {
  const schema = z.object({
    command: z.string().min(1).describe('The command line, run with bash -c.'),
    timeout_ms: z
      .number()
      .int()
      .min(1)
      .max(maxTimeoutMs)
      .optional()
      .describe(`Timeout in milliseconds. Default ${defaultTimeoutMs}, at most ${maxTimeoutMs}.`),
    cwd: z
      .string()
      .min(1)
      .optional()
      .describe('Folder to run in, relative to the project root. Default: the project root.'),
    run_in_background: z
      .boolean()
      .optional()
      .describe(
        'true: start it and return a task_id at once (long builds, servers); its output goes to a file and its completion arrives as a notification. No timeout unless timeout_ms is given.',
      ),
  });
  const commandEnvironment = environment ?? shellEnvironment();
  return defineRunAwareTool({
    name: 'shell',
    description:
      `Run a shell command with bash -c in the project folder. Output is stdout and stderr together, capped at ${maxOutputCharacters} characters (head and tail kept), followed by the exit code. ` +
      `Default timeout ${defaultTimeoutMs / 1000} s. No input can be typed: use non-interactive flags. Processes left in the background are not waited for; use run_in_background for long builds and servers.` +
      (descriptionNote === undefined ? '' : ` ${descriptionNote}`),
    kind: 'execute',
    schema,
    async execute(
      { command, timeout_ms: givenTimeoutMs, cwd = '.', run_in_background: background },
      context,
      run,
    ) {
      const timeoutMs = givenTimeoutMs ?? defaultTimeoutMs;
      const folder = await confinePath(cwd, 'project', context);
      if (!folder.ok) return errorResult(folder.message);
      const info = await stat(folder.realPath).catch(() => undefined);
      if (info === undefined || !info.isDirectory())
        return errorResult(`${folder.displayPath} is not a folder.`);
      if (background === true) {
        const tasks = run?.context.backgroundTasks;
        if (tasks === undefined) {
          return errorResult(
            'Background commands are not available in this run; run the command without run_in_background.',
          );
        }
        const outputFile = await tasks.outputFile(`shell-${randomBytes(4).toString('hex')}`);
        const started = tasks.start({
          kind: 'shell',
          type: 'shell',
          description: command.length > 120 ? `${command.slice(0, 119)}…` : command,
          background: true,
          file: outputFile,
          runtime: createShellTaskRuntime({
            command,
            cwd: folder.realPath,
            environment: commandEnvironment,
            outputFile,
            killGraceMs,
            ...(launcher === undefined ? {} : { launcher: launcher(folder.realPath) }),
            ...(givenTimeoutMs === undefined ? {} : { timeoutMs: givenTimeoutMs }),
          }),
        });
        if (!started.ok) return errorResult(started.message);
        return textResult(
          `Started ${started.taskId} in the background. Its output goes to ${outputFile}; its completion arrives as a notification. list_agents shows it.`,
        );
      }
      const outcome = await runShellCommand(command, {
        cwd: folder.realPath,
        environment: commandEnvironment,
        timeoutMs,
        signal: context.signal,
        maxOutputCharacters,
        killGraceMs,
        ...(launcher === undefined ? {} : { launcher: launcher(folder.realPath) }),
      });
      return describeOutcome(outcome, timeoutMs);
    },
  });
}

function describeOutcome(outcome: ShellCommandOutcome, timeoutMs: number) {
  if (outcome.spawnError !== undefined)
    return errorResult(`The shell could not start: ${outcome.spawnError}`);
  const output = outcome.output === '' ? '(no output)' : outcome.output.replace(/\n$/, '');
  const notes: string[] = [];
  if (outcome.stopped === 'timeout') {
    notes.push(`Timed out after ${timeoutMs} ms; the command and the processes it started were stopped.`);
  } else if (outcome.stopped === 'aborted') {
    notes.push('Cancelled; the command and the processes it started were stopped.');
  } else if (outcome.exitCode !== null) {
    notes.push(`Exit code: ${outcome.exitCode}`);
  } else {
    notes.push(`Ended by signal ${outcome.signal ?? 'unknown'}`);
  }
  if (outcome.outputAbandoned) {
    notes.push('Background processes still hold the output; what they print later is not collected.');
  }
  const content = `${output}\n\n${notes.join('\n')}`;
  return outcome.stopped === undefined && outcome.exitCode === 0 ? textResult(content) : errorResult(content);
}
