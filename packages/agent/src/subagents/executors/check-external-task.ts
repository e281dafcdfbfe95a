import type { ExternalTaskRequest, ResolvedSubagent } from '../subagent-types.js';
import { ExternalExecutorError } from './external-executor-error.js';
import { findExecutable } from './find-executable.js';

/** Options of {@link checkExternalTask}. */
export interface CheckExternalTaskOptions {
  /** The platform judged; default `process.platform`. */
  readonly platform?: NodeJS.Platform;
}

/** How to get the executables of the built-in external agents (SPEC A9), for the not-found message. */
const INSTALL_HINTS: Readonly<Record<string, string>> = {
  codex: 'Install Codex with `npm install -g @openai/codex`',
  'claude-agent-acp':
    'Install the Claude Code ACP adapter with `npm install -g @zed-industries/claude-agent-acp`',
};

/**
 * Why each of a definition's options cannot apply to an external executor (SPEC S6, A7), as
 * `field: reason` lines; empty when there is nothing to refuse. Core's subagent schema already
 * rejects these in files (`executor_option_unsupported`); definitions given in code are judged
 * here, so both routes refuse the same options instead of dropping them silently. `approvalMode`
 * is not among them: it decides `allowEdits`, the executor's sandbox. `hooks` and fork history
 * are not fields of a definition; the schema and the `agent` tool refuse those.
 */
export function unsupportedExecutorOptions(definition: ResolvedSubagent): string[] {
  const reasons: string[] = [];
  if (definition.model.kind !== 'inherit')
    reasons.push('model: the executor chooses its own model; remove `model` or set it to `inherit`');
  if (definition.tools !== undefined) reasons.push('tools: the executor runs its own tools, not ours');
  if (definition.disallowedTools.length > 0)
    reasons.push('disallowedTools: the executor runs its own tools, not ours');
  if (definition.maxTurns !== undefined)
    reasons.push(
      'runConfig.max_turns: the executor runs its own loop, whose turns cannot be counted from here',
    );
  return reasons;
}

/**
 * The checks before an external executor starts (SPEC A7, A11, D2), each a typed error with
 * guidance: native Windows (use WSL), safe mode, an untrusted workspace, options the executor
 * cannot honour, and a command that is not on the child's PATH. Resolves with the executable to run.
 * @throws ExternalExecutorError with code `executor_platform_unsupported`, `executor_safe_mode`,
 *   `executor_workspace_untrusted`, `executor_option_unsupported` or `executor_command_not_found`.
 */
export async function checkExternalTask(
  request: ExternalTaskRequest,
  { platform = process.platform }: CheckExternalTaskOptions = {},
): Promise<string> {
  const { definition } = request;
  const executor = definition.executor;
  const name = definition.name;
  if (executor === undefined)
    throw new ExternalExecutorError(
      'executor_option_unsupported',
      `The subagent ${name} has no executor; it runs in Skilldock's own loop, not as an external task.`,
    );
  if (platform === 'win32')
    throw new ExternalExecutorError(
      'executor_platform_unsupported',
      `The external agent ${name} (${executor.kind}) does not run on native Windows: its process-group cancellation and sandbox need a POSIX system. Run Skilldock inside WSL (Windows Subsystem for Linux), where ${executor.command} works.`,
      { details: { platform } },
    );
  if (request.safeMode === true)
    throw new ExternalExecutorError(
      'executor_safe_mode',
      `Safe mode runs no external executors, so ${name} (${executor.command}) was not started. Start without --safe-mode to use it.`,
    );
  if (request.trusted !== true)
    throw new ExternalExecutorError(
      'executor_workspace_untrusted',
      `The workspace ${request.cwd} is not trusted, so the external agent ${name} (${executor.command}) was not started. Trust it with \`skilldock trust\`, or run with --trust or SKILLDOCK_TRUST=1.`,
      { details: { path: request.cwd } },
    );
  const unsupported = unsupportedExecutorOptions(definition);
  if (unsupported.length > 0)
    throw new ExternalExecutorError(
      'executor_option_unsupported',
      `The subagent ${name} sets options its ${executor.kind} executor cannot honour:\n- ${unsupported.join('\n- ')}`,
      { details: { fields: unsupported.map((reason) => reason.slice(0, reason.indexOf(':'))) } },
    );
  const executable = await findExecutable(executor.command, { path: request.env.PATH, cwd: request.cwd });
  if (executable === undefined) {
    const base = executor.command.slice(executor.command.lastIndexOf('/') + 1);
    const install = INSTALL_HINTS[base] ?? `Install ${executor.command}`;
    throw new ExternalExecutorError(
      'executor_command_not_found',
      `The external agent ${name} needs \`${executor.command}\`, which is not ${executor.command.includes('/') ? 'an executable file' : 'on PATH'}. ${install}, or set \`executor.command\` in the subagent's definition to the executable's path.`,
      { details: { path: executor.command } },
    );
  }
  return executable;
}
