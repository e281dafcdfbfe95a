import { UserInputError } from '@skilldock/core/errors';
import type { ConversationMessage } from '../model/conversation.js';
import type { ApprovalMode } from '../policy/approval-mode.js';
import type { ToolKind } from '../tools/agent-tool.js';
import type { AgentConfigWrite } from './find-agent-config-writes.js';
import type { RunStats } from './run-stats.js';

/**
 * The version of {@link RunState} this code writes, as `$schemaVersion`. v1 (no `$schemaVersion`,
 * `version: 1`) is what the loop wrote before; `parseRunState` (parse-run-state.ts) migrates it on read.
 */
export const RUN_STATE_SCHEMA_VERSION = 2;

// The approval request lives beside the state: a subagent's request carries its own RunState.
/** A tool call waiting for the user's approval (SPEC G3). */
export interface ApprovalRequest {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly kind: ToolKind;
  /** The parsed arguments, to show the user what would happen. */
  readonly input: unknown;
  /** The modes whose combination asked. */
  readonly modes: readonly ApprovalMode[];
  /**
   * Set when the call writes files that configure the agent (SPEC SEC2): the prompt must say so,
   * and an answer such as "always for this tool" must not cover it.
   */
  readonly agentConfig?: readonly Omit<AgentConfigWrite, 'realPath'>[];
  /**
   * Set when the call is the parent's `agent` call and the approval is its foreground `bubble`
   * subagent's (SPEC G3, A3): which agent asks, its own request (tool and input) and its stopped
   * run, plain JSON; answering this call answers the subagent's, and resuming resumes it.
   */
  readonly subagent?: SubagentApproval;
  /**
   * Set when the call may have been running when its worker was lost (SPEC O1): a host that
   * resumes the run asks whether to run it again instead of running a call with side effects twice.
   */
  readonly resumeInterrupted?: boolean;
}

/** A subagent's approval waiting in its parent's run (see {@link ApprovalRequest.subagent}). */
export interface SubagentApproval {
  /** The agent's name, e.g. `writer`. */
  readonly name: string;
  /** The subagent's own pending call: the tool it wants to run and its input. */
  readonly request: ApprovalRequest;
  /** The subagent's interrupted run, resumed when the parent's run is. */
  readonly state: RunState;
}

/** The user's answer to one pending approval. */
export interface ApprovalAnswer {
  readonly toolCallId: string;
  readonly decision: 'allow' | 'deny';
  /** Why it was denied; the model reads it. */
  readonly reason?: string;
}

/**
 * A run stopped at approvals nobody could answer at once (status `interrupted`): plain JSON that
 * can be stored and resumed in a later call, in another process (DESIGN.md "Agent"). Answer the
 * `interruptions` with {@link approveToolCall} / {@link denyToolCall}, then pass the state back
 * as `runAgent(context, { state })`; a call left unanswered interrupts again.
 * @example
 * const stored = JSON.stringify(result.state);
 * // … a later request, maybe on another server process:
 * let state = parseRunState(JSON.parse(stored));
 * state = approveToolCall(state, callId);
 * const resumed = await runToCompletion(context, { state });
 */
export interface RunState {
  /** The shape's version ({@link RUN_STATE_SCHEMA_VERSION}); older states are migrated by `parseRunState`. */
  readonly $schemaVersion: 2;
  /**
   * The conversation so far: it ends with the assistant message whose tool calls were stopped,
   * followed by the results of those calls that already ran.
   */
  readonly messages: readonly ConversationMessage[];
  /** What the run had spent until it stopped; a resumed run goes on counting (limits included). */
  readonly stats: RunStats;
  /** The calls waiting for an answer. */
  readonly interruptions: readonly ApprovalRequest[];
  /** Answers given so far. */
  readonly answers: readonly ApprovalAnswer[];
}

/** The state with `toolCallId` approved. Throws `UserInputError` for a call that is not pending. */
export function approveToolCall(state: RunState, toolCallId: string): RunState {
  return answer(state, { toolCallId, decision: 'allow' });
}

/** The state with `toolCallId` denied; `reason` reaches the model. Throws for a call not pending. */
export function denyToolCall(state: RunState, toolCallId: string, reason?: string): RunState {
  return answer(state, { toolCallId, decision: 'deny', ...(reason === undefined ? {} : { reason }) });
}

function answer(state: RunState, given: ApprovalAnswer): RunState {
  if (!state.interruptions.some((request) => request.toolCallId === given.toolCallId)) {
    throw new UserInputError(
      'approval_not_pending',
      `no tool call ${given.toolCallId} is waiting for approval (pending: ${state.interruptions.map((request) => request.toolCallId).join(', ') || 'none'})`,
      { details: { toolCallId: given.toolCallId } },
    );
  }
  return {
    ...state,
    answers: [...state.answers.filter((earlier) => earlier.toolCallId !== given.toolCallId), given],
  };
}
