import type { AgentEvent } from '../loop/agent-event.js';
import { runAgent } from '../loop/run-agent.js';
import type { RunContext } from '../loop/run-context.js';
import { MaxTurnsExceededError, TimeLimitExceededError } from '../loop/run-limit-errors.js';
import type { RunResult } from '../loop/run-result.js';
import type { RunState } from '../loop/run-state.js';
import type { ConversationMessage } from '../model/conversation.js';
import type { TaskControl, TaskOutcome, TaskProgress, TaskRuntime } from './background-task-host.js';
import { cutAnswerFront } from './cut-answer-front.js';
import { describeToolName } from './describe-tool-name.js';

/** Messages waiting for a running task (SPEC A5). */
export interface TaskInbox {
  push(message: string): void;
  /** Takes every waiting message, oldest first. */
  drain(): readonly string[];
  size(): number;
}

/** An empty {@link TaskInbox}. */
export function createTaskInbox(): TaskInbox {
  const messages: string[] = [];
  return {
    push: (message) => void messages.push(message),
    drain: () => messages.splice(0),
    size: () => messages.length,
  };
}

/** Options of {@link createLoopTaskRuntime}. */
export interface LoopTaskRuntimeOptions {
  /** The task's own immutable context, built with `inbox.drain` as its `drainInbox`. */
  readonly context: RunContext;
  /** Where `send_message` input waits for the run's next tool boundary. */
  readonly inbox: TaskInbox;
  /** The history it starts from: `[]` for a named subagent, the parent's for a fork. */
  readonly messages: readonly ConversationMessage[];
  readonly prompt: string;
  /**
   * Resume this interrupted run (answered) instead of starting with `prompt`: a `bubble` subagent
   * whose approval the parent's user answered (SPEC G3); its messages are in the state.
   */
  readonly state?: RunState;
  /** Characters of the answer the caller gets (cut from the front). */
  readonly answerBudget: number;
  /** Each message as it completes (the task's transcript). */
  readonly onMessage?: (message: ConversationMessage) => void | Promise<void>;
}

/**
 * A task that is a run of our loop (a named subagent or a fork): one {@link RunContext} for its
 * whole life, a conversation that goes on with every message (`send_message`), and totals over
 * every stretch of work. A run stopped by its turn or time limit is `paused` (a message resumes
 * it); a message that arrives after its last tool boundary starts the next stretch at once.
 */
export function createLoopTaskRuntime(options: LoopTaskRuntimeOptions): TaskRuntime {
  const { context, inbox } = options;
  let messages: readonly ConversationMessage[] = options.messages;
  let totals: TaskProgress = { turns: 0, inputTokens: 0, outputTokens: 0, toolCalls: 0 };

  const stretch = async (first: string | RunState, control: TaskControl): Promise<TaskOutcome> => {
    let next: string | RunState | undefined = first;
    let outcome: TaskOutcome | undefined;
    while (next !== undefined) {
      outcome = await runOnce(next, control);
      // Sent after the last tool boundary: it must not wait for another send_message.
      next = outcome.status === 'completed' && inbox.size() > 0 ? inbox.drain().join('\n\n') : undefined;
    }
    return outcome!;
  };

  const runOnce = async (prompt: string | RunState, control: TaskControl): Promise<TaskOutcome> => {
    const base = totals;
    let current: TaskProgress = base;
    const report = (change: Partial<TaskProgress>) => {
      current = { ...current, ...change };
      control.progress(current);
    };
    const run = runAgent(context, typeof prompt === 'string' ? { messages, prompt } : { state: prompt }, {
      signal: control.signal,
      ...(options.onMessage === undefined ? {} : { onMessage: options.onMessage }),
    });
    let result: RunResult | undefined;
    let failure: unknown;
    try {
      for (;;) {
        const step = await run.next();
        if (step.done) {
          result = step.value;
          break;
        }
        const event: AgentEvent = step.value;
        if (event.type === 'turn-start') report({ turns: base.turns + event.turn });
        else if (event.type === 'usage') {
          report({
            inputTokens: base.inputTokens + event.total.inputTokens,
            outputTokens: base.outputTokens + event.total.outputTokens,
          });
        } else if (event.type === 'tool-call-start')
          report({ currentTool: describeToolName(event.toolCall) });
        else if (event.type === 'tool-call-end') {
          const { currentTool: _ended, ...rest } = current;
          current = { ...rest, toolCalls: current.toolCalls + 1 };
          control.progress(current);
        } else if (event.type === 'run-error') result = event.result;
      }
    } catch (error) {
      failure = error;
    }
    if (result === undefined) throw failure ?? new Error('the subagent run ended without a result');
    messages = result.messages;
    const { currentTool: _last, ...final } = current;
    totals = {
      ...final,
      turns: base.turns + result.stats.turns,
      inputTokens: base.inputTokens + result.stats.inputTokens,
      outputTokens: base.outputTokens + result.stats.outputTokens,
      toolCalls: base.toolCalls + result.stats.toolCalls,
    };
    const answer = cutAnswerFront(result.finalText, options.answerBudget);
    if (failure instanceof MaxTurnsExceededError || failure instanceof TimeLimitExceededError) {
      return {
        status: 'paused',
        text: `${failure.message} It is paused; send_message resumes it.${answer === '' ? '' : `\nIts last answer:\n${answer}`}`,
        progress: totals,
      };
    }
    if (failure !== undefined) {
      return {
        status: 'failed',
        text: `The subagent failed: ${(failure as Error).message}`,
        progress: totals,
      };
    }
    if (result.status === 'interrupted' && result.state !== undefined) {
      return {
        status: 'paused',
        text: `Waiting for the user's approval of ${result.state.interruptions.map((request) => request.toolName).join(', ')}.`,
        progress: totals,
        interruption: result.state,
      };
    }
    if (result.status === 'cancelled') {
      return {
        status: 'cancelled',
        text: answer === '' ? 'Cancelled before it answered.' : `Cancelled. Its last answer:\n${answer}`,
        progress: totals,
      };
    }
    return {
      status: 'completed',
      text: answer === '' ? '(the subagent gave no answer)' : answer,
      progress: totals,
    };
  };

  return {
    start: (control) => stretch(options.state ?? options.prompt, control),
    messaging: {
      queue: (message) => inbox.push(message),
      continueWith: (message, control) => stretch(message, control),
    },
  };
}
