import type { ConversationMessage } from '../model/conversation.js';
import type { TaskControl, TaskOutcome, TaskProgress, TaskRuntime } from './background-task-host.js';
import { cutAnswerFront } from './cut-answer-front.js';
import { ExternalExecutorError } from './executors/external-executor-error.js';
import type { ExternalTaskRequest, ExternalTaskSession } from './subagent-types.js';

/** Starts one external task (SPEC A7); the executors' engineer provides it. */
export type StartExternalTask = (request: ExternalTaskRequest) => ExternalTaskSession;

/**
 * A task run by an external executor (SPEC A7): the session's answer is the task's; a session
 * with `send` (ACP) takes messages while it lives — queued ones go after the current answer —
 * one without (Codex) says to start a new task instead. `onMessage` receives the task's
 * conversation as Skilldock sees it — each prompt or message given, each answer received — for
 * its transcript; the executor's own tool calls stay in the executor's records.
 */
export function createExternalTaskRuntime(
  start: StartExternalTask,
  request: Omit<ExternalTaskRequest, 'signal' | 'onProgress'>,
  answerBudget: number,
  onMessage: (message: ConversationMessage) => void | Promise<void> = () => {},
): TaskRuntime {
  let session: ExternalTaskSession | undefined;
  const queued: string[] = [];
  let progress: TaskProgress = { turns: 0, inputTokens: 0, outputTokens: 0, toolCalls: 0 };
  const relay =
    (control: TaskControl) => (event: Parameters<NonNullable<ExternalTaskRequest['onProgress']>>[0]) => {
      if (event.type === 'tool-start') progress = { ...progress, currentTool: event.name };
      else if (event.type === 'usage')
        progress = { ...progress, inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      else if (event.type === 'tool-end') {
        const { currentTool: _ended, ...rest } = progress;
        progress = { ...rest, toolCalls: progress.toolCalls + 1 };
      } else return;
      control.progress(progress);
    };
  const answered = async (text: string) => {
    progress = { ...progress, turns: progress.turns + 1 };
    await onMessage({ role: 'assistant', content: text });
  };
  const settle = async (
    prompt: string,
    answer: Promise<{ readonly text: string }>,
    control: TaskControl,
  ): Promise<TaskOutcome> => {
    const abort = () => void session?.close();
    control.signal.addEventListener('abort', abort, { once: true });
    try {
      await onMessage({ role: 'user', content: prompt });
      let { text } = await answer;
      await answered(text);
      while (queued.length > 0 && session?.send !== undefined && !control.signal.aborted) {
        const message = queued.splice(0).join('\n\n');
        await onMessage({ role: 'user', content: message });
        ({ text } = await session.send(message));
        await answered(text);
      }
      return { status: 'completed', text: cutAnswerFront(text, answerBudget), progress };
    } catch (error) {
      if (control.signal.aborted) return { status: 'cancelled', text: 'Cancelled.', progress };
      return { status: 'failed', text: `The external agent failed: ${(error as Error).message}`, progress };
    } finally {
      control.signal.removeEventListener('abort', abort);
    }
  };
  const messaging: TaskRuntime['messaging'] = {
    queue: (message) => queued.push(message),
    continueWith: async (message, control) => {
      if (session?.send === undefined)
        throw new ExternalExecutorError('executor_session_closed', 'the external session has ended');
      return settle(message, session.send(message), control);
    },
  };
  return {
    start: (control) => {
      session = start({ ...request, signal: control.signal, onProgress: relay(control) });
      return settle(request.prompt, session.result, control);
    },
    get messaging() {
      if (session !== undefined && session.send === undefined) {
        return {
          unavailable: `${request.definition.name} (${request.definition.executor?.kind ?? 'external'}) runs one task and takes no messages; start a new task instead.`,
        };
      }
      return messaging;
    },
    close: async () => {
      await session?.close();
    },
  };
}
