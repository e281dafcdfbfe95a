import type { ConversationMessage } from '../model/conversation.js';
import type { ModelUsage } from '../model/model-provider.js';
import type { ApprovalRequest } from './run-context.js';
import type { RunResult, RunStatus } from './run-result.js';
import { RUN_STATE_SCHEMA_VERSION, type RunState } from './run-state.js';
import type { RunStats } from './run-stats.js';

/** What a run has said and spent so far; every phase of the loop writes to it. */
export interface RunRecord {
  /** The whole conversation, in order (the phases read it; only `append` writes it). */
  readonly messages: readonly ConversationMessage[];
  /** Model requests made so far. */
  readonly turns: number;
  /** Takes a finished message into the conversation and hands it to `onMessage`. */
  append(message: ConversationMessage): Promise<void>;
  /** Counts a new model request and returns its number. */
  startTurn(): number;
  /** Adds one request's token counts; returns the run's totals. */
  addUsage(usage: ModelUsage): ModelUsage;
  /** Counts tool calls the model made. */
  countToolCalls(count: number): void;
  /** The result for `status`, as of now. */
  result(status: RunStatus): RunResult;
  /** The result of a run stopped at `interruptions`, with the state to store and resume. */
  interrupted(interruptions: readonly ApprovalRequest[]): RunResult & { readonly state: RunState };
}

/**
 * A fresh record over `messages` (a resumed run's also over its `stats`). `elapsedMs` is the run's
 * clock; `onMessage` sees each message as it is appended and is awaited.
 */
export function createRunRecord({
  messages: earlier,
  stats,
  elapsedMs,
  onMessage,
  answers = [],
}: {
  readonly messages: readonly ConversationMessage[];
  readonly stats?: RunStats | undefined;
  readonly elapsedMs: () => number;
  readonly onMessage?:
    | ((message: ConversationMessage, checkpoint: RunState) => void | Promise<void>)
    | undefined;
  /** A resumed run's answers: kept in every checkpoint until the calls they answer have results. */
  readonly answers?: RunState['answers'] | undefined;
}): RunRecord {
  const messages: ConversationMessage[] = [...earlier];
  const newMessages: ConversationMessage[] = [];
  const total = {
    inputTokens: stats?.inputTokens ?? 0,
    outputTokens: stats?.outputTokens ?? 0,
    cachedInputTokens: stats?.cachedInputTokens ?? 0,
  };
  let turns = stats?.turns ?? 0;
  let toolCalls = stats?.toolCalls ?? 0;
  const result = (status: RunStatus): RunResult => {
    const lastAssistant = newMessages.findLast((message) => message.role === 'assistant');
    return {
      status,
      messages: [...messages],
      newMessages: [...newMessages],
      finalText: lastAssistant?.content ?? '',
      stats: { turns, ...total, toolCalls, wallTimeMs: elapsedMs() },
    };
  };
  return {
    messages,
    get turns() {
      return turns;
    },
    async append(message) {
      messages.push(message);
      newMessages.push(message);
      if (onMessage === undefined) return;
      // The state to resume from should the process die now (SPEC O1): no approval pending.
      const now = result('interrupted');
      await onMessage(message, {
        $schemaVersion: RUN_STATE_SCHEMA_VERSION,
        messages: now.messages,
        stats: now.stats,
        interruptions: [],
        answers,
      });
    },
    startTurn: () => ++turns,
    addUsage(usage) {
      total.inputTokens += usage.inputTokens;
      total.outputTokens += usage.outputTokens;
      total.cachedInputTokens += usage.cachedInputTokens;
      return { ...total };
    },
    countToolCalls(count) {
      toolCalls += count;
    },
    result,
    interrupted(interruptions) {
      const stopped = result('interrupted');
      const state: RunState = {
        $schemaVersion: RUN_STATE_SCHEMA_VERSION,
        messages: stopped.messages,
        stats: stopped.stats,
        interruptions,
        answers: [],
      };
      return { ...stopped, interruptions, state };
    },
  };
}
