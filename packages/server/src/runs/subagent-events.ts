import type { ConversationMessage } from '@skilldock/agent/model';
import type { StoredRunEvent } from './stored-run-event.js';

/**
 * How a sub-agent's call ended, as `subagent-end` says: `completed` (its final text is the tool's
 * result), `cancelled` (the parent run was cancelled or its worker stopped), `failed` (see `error`).
 */
export type SubagentEndStatus = 'completed' | 'cancelled' | 'failed';

/** `subagent-start`: a delegation tool call began running the agent `agentId` named `name`. */
export function subagentStartEvent(toolCallId: string, agentId: string, name: string): StoredRunEvent {
  return { type: 'subagent-start', data: { toolCallId, agentId, name } };
}

/**
 * `subagent-event`: one event of the sub-agent's own run, in the stored shape of a top-level event
 * (`{ type, data }`: `text-delta`, `tool-call-start`, `tool-call-end`, `skill-activate`, `usage`,
 * `approval-decision`, `run-notice`, …), tagged with the parent's tool call.
 */
export function subagentNestedEvent(toolCallId: string, event: StoredRunEvent): StoredRunEvent {
  return { type: 'subagent-event', data: { toolCallId, event: { type: event.type, data: event.data } } };
}

/** Who a `subagent-end` is about: the parent's tool call and the agent it ran. */
export interface SubagentCall {
  readonly toolCallId: string;
  readonly agentId: string;
  readonly name: string;
}

/**
 * `subagent-end`: the sub-agent's call ended; `finalText` is what the parent got (or ''), and
 * `messages` its whole transcript (the task first), which the conversation shows after a reload:
 * of a run's events, this one is kept for good (`KEPT_RUN_EVENT_TYPES`).
 */
export function subagentEndEvent(
  call: SubagentCall,
  end: {
    readonly status: SubagentEndStatus;
    readonly finalText: string;
    readonly messages: readonly ConversationMessage[];
    readonly stats?: unknown;
    readonly error?: { readonly code: string; readonly message: string };
  },
): StoredRunEvent {
  return {
    type: 'subagent-end',
    data: {
      toolCallId: call.toolCallId,
      agentId: call.agentId,
      name: call.name,
      status: end.status,
      finalText: end.finalText,
      messages: JSON.parse(JSON.stringify(end.messages)),
      ...(end.stats === undefined ? {} : { stats: JSON.parse(JSON.stringify(end.stats)) }),
      ...(end.error === undefined ? {} : { error: end.error }),
    },
  };
}

interface NestedTextDelta {
  readonly toolCallId: string;
  readonly event: {
    readonly type: 'text-delta';
    readonly data: { readonly turn: number; readonly text: string };
  };
}

function nestedTextDelta(event: StoredRunEvent): NestedTextDelta | undefined {
  if (event.type !== 'subagent-event') return undefined;
  const data = event.data as Partial<NestedTextDelta>;
  return data.event?.type === 'text-delta' && typeof data.event.data?.text === 'string'
    ? (data as NestedTextDelta)
    : undefined;
}

/**
 * The two events as one when both are a sub-agent's `text-delta` of the same call and turn (the
 * texts joined), else undefined. The event writer merges a queued nested delta with the next one,
 * so a sub-agent's streamed answer costs few stored rows while the parent's own deltas stay as
 * they came.
 */
export function mergeNestedTextDeltas(
  earlier: StoredRunEvent,
  later: StoredRunEvent,
): StoredRunEvent | undefined {
  const first = nestedTextDelta(earlier);
  const second = nestedTextDelta(later);
  if (
    first === undefined ||
    second === undefined ||
    first.toolCallId !== second.toolCallId ||
    first.event.data.turn !== second.event.data.turn
  )
    return undefined;
  return subagentNestedEvent(first.toolCallId, {
    type: 'text-delta',
    data: { ...first.event.data, text: first.event.data.text + second.event.data.text },
  });
}
