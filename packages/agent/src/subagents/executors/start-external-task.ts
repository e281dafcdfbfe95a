import type { ExternalTaskRequest, ExternalTaskSession } from '../subagent-types.js';
import { checkExternalTask } from './check-external-task.js';
import { ExternalExecutorError } from './external-executor-error.js';
import { type ExternalTaskOptions, externalTaskLimits } from './external-task-options.js';
import { startAcpTask } from './start-acp-task.js';
import { startCodexTask } from './start-codex-task.js';

/**
 * Hands one task to the external executor of `request.definition` (SPEC A7, A9): `codex` runs
 * `codex app-server` for one turn and returns its final answer; `acp` talks the Agent Client
 * Protocol to a command such as `claude-agent-acp` and offers `send` for further prompts while its
 * session lives. Before anything starts, `result` rejects with an {@link ExternalExecutorError}
 * for native Windows, safe mode, an untrusted workspace, options the executor cannot honour, or a
 * command missing from the child's PATH. The child gets exactly `request.env`, runs in its own
 * process group, and is stopped (SIGTERM, then SIGKILL after `killGraceMs`) on cancellation, on
 * `close`, on `runConfig.max_time_minutes`, and once a codex task has answered.
 * @example
 * const task = startExternalTask({ definition, prompt, cwd, allowEdits: false, signal, env, trusted: true });
 * const { text } = await task.result;
 * await task.close();
 */
export function startExternalTask(
  request: ExternalTaskRequest,
  options: ExternalTaskOptions = {},
): ExternalTaskSession {
  const limits = externalTaskLimits(options);
  const { definition } = request;
  const signal =
    definition.maxTimeMs === undefined
      ? request.signal
      : AbortSignal.any([request.signal, AbortSignal.timeout(definition.maxTimeMs)]);
  let closed = false;
  const started = checkExternalTask(request, options).then((executable) => {
    if (closed)
      throw new ExternalExecutorError(
        'executor_session_closed',
        `${definition.name} was closed before it started.`,
      );
    return definition.executor?.kind === 'codex'
      ? startCodexTask(request, executable, limits, signal)
      : startAcpTask(request, executable, limits, signal);
  });
  const result = started.then((session) => session.result);
  // The caller may only ever call close(); an unobserved failure must not crash the host.
  result.catch(() => {});
  const close = async () => {
    closed = true;
    const session = await started.catch(() => undefined);
    await session?.close();
  };
  if (definition.executor?.kind !== 'acp') return { result, close };
  return {
    result,
    close,
    send: async (message: string) => {
      const session = await started;
      if (closed)
        throw new ExternalExecutorError(
          'executor_session_closed',
          `${definition.name} was closed; start a new task.`,
        );
      return (session.send as NonNullable<ExternalTaskSession['send']>)(message);
    },
  };
}
