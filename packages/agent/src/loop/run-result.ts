import type { ConversationMessage } from '../model/conversation.js';

import type { ApprovalRequest } from './run-context.js';
import type { RunState } from './run-state.js';
import type { RunStats } from './run-stats.js';

export type { RunStats } from './run-stats.js';

/**
 * How a run ended. Only `completed`, `cancelled` and `interrupted` (waiting for approvals, with a
 * resumable `state`) end without an error.
 */
export type RunStatus = 'completed' | 'cancelled' | 'interrupted' | 'max-turns' | 'time-limit' | 'failed';

/** The outcome of a run. The conversation is consistent whatever the status: every call has a result. */
export interface RunResult {
  readonly status: RunStatus;
  /** The whole conversation: the input, then everything this run added. */
  readonly messages: readonly ConversationMessage[];
  /** Only what this run added (for transcripts). */
  readonly newMessages: readonly ConversationMessage[];
  /** The text of the last assistant message ('' when there is none). */
  readonly finalText: string;
  readonly stats: RunStats;
  /** With status `interrupted`: the calls waiting for an approval. */
  readonly interruptions?: readonly ApprovalRequest[];
  /** With status `interrupted`: what to store, answer and resume (`runAgent(context, { state })`). */
  readonly state?: RunState;
}
