import { abortable } from './abortable.js';
import type { ApprovalCallback } from './run-context.js';
import { approveToolCall, denyToolCall, type RunState } from './run-state.js';

/**
 * The approval callback as an adapter over interruptions (SPEC G3): the first pending approval of
 * an interrupted `state` goes to `askApproval`, and its answer goes into the state exactly as
 * {@link approveToolCall} / {@link denyToolCall} would record a web user's — so a terminal and a
 * stored run take one approval path. Later pending calls are asked when the resumed run reaches
 * them (an earlier call may change what they do). A callback that throws denies, with why; when
 * `signal` aborts first, the state comes back unanswered (the resumed run cancels the calls).
 * @example
 * const answered = await answerApproval(result.state, askApproval, signal);
 * const resumed = runAgent(context, { state: answered });
 */
export async function answerApproval(
  state: RunState,
  askApproval: ApprovalCallback,
  signal: AbortSignal,
): Promise<RunState> {
  const request = state.interruptions[0];
  if (request === undefined) return state;
  let decision: 'allow' | 'deny';
  try {
    decision = await abortable(askApproval(request), signal);
  } catch (error) {
    if (signal.aborted) return state;
    return denyToolCall(state, request.toolCallId, `asking for approval failed: ${(error as Error).message}`);
  }
  return decision === 'allow'
    ? approveToolCall(state, request.toolCallId)
    : denyToolCall(state, request.toolCallId);
}
