import { approveToolCall, denyToolCall, parseRunState, type RunState } from '@skilldock/agent/loop';
import { alwaysAllowable } from '@skilldock/agent/policy';
import { SkilldockError } from '@skilldock/core/errors';
import { eq } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { runs } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { allAnswered, applyAlwaysAllowed, rememberAlwaysAllowed } from './always-allowed-tools.js';
import { appendRunEvent, type RunRow } from './run-records.js';

/** A user's answer to one pending tool call of a run waiting for approval (SPEC G3). */
export interface ApprovalAnswer {
  readonly toolCallId: string;
  readonly decision: 'allow' | 'deny';
  readonly reason?: string | undefined;
  /** Allow this tool for the rest of the conversation ("always allow"). */
  readonly always?: boolean | undefined;
}

/**
 * Records the answer to the pending call `toolCallId` of the run `runId` (already authorized), in
 * one transaction holding the run's row lock: the new state, an `approval-decision` event per
 * answered call ("always" also answers the other waiting calls of the same tool, `decidedBy:
 * 'rule'`), and once every call is answered the run is queued again (`resumed`; the caller
 * enqueues it). A run not waiting is a 409 `run_not_waiting`, an answered call a 409
 * `approval_not_pending`, and "always" for a call that may only be allowed once a 409
 * `approval_always_refused`.
 */
export async function decideApproval(
  db: SkilldockDatabase,
  runId: string,
  { toolCallId, decision, reason, always }: ApprovalAnswer,
): Promise<{ readonly row: RunRow; readonly resumed: boolean }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(runs).where(eq(runs.id, runId)).for('update');
    if (locked?.status !== 'waiting_approval' || locked.state === null)
      throw new HttpError(409, 'run_not_waiting', 'The run is not waiting for approval');
    let state: RunState;
    const stored = parseRunState(locked.state);
    // The rule's tool is the stored pending call's, never a name from the request.
    const request = stored.interruptions.find((pending) => pending.toolCallId === toolCallId);
    try {
      state =
        decision === 'allow' ? approveToolCall(stored, toolCallId) : denyToolCall(stored, toolCallId, reason);
    } catch (error) {
      if (SkilldockError.isInstance(error) && error.code === 'approval_not_pending')
        throw new HttpError(409, 'approval_not_pending', error.message, { details: { toolCallId } });
      throw error;
    }
    const decisions: { toolCallId: string; decidedBy: 'user' | 'rule' }[] = [
      { toolCallId, decidedBy: 'user' },
    ];
    if (always === true && request !== undefined) {
      if (!alwaysAllowable(request))
        throw new HttpError(
          409,
          'approval_always_refused',
          'This call changes the agent’s configuration, is a subagent’s, or may already have run before its worker was lost: it can be allowed once, not always',
        );
      await rememberAlwaysAllowed(tx, locked.conversationId, request.toolName);
      // Other calls of the same tool waiting in this stop are covered by the new rule at once.
      const applied = applyAlwaysAllowed(state, [request.toolName]);
      state = applied.state;
      for (const other of applied.allowed)
        decisions.push({ toolCallId: other.toolCallId, decidedBy: 'rule' });
    }
    const complete = allAnswered(state);
    const [updated] = await tx
      .update(runs)
      .set({ state, ...(complete ? { status: 'queued' as const } : {}) })
      .where(eq(runs.id, runId))
      .returning();
    for (const made of decisions)
      await appendRunEvent(tx, runId, {
        type: 'approval-decision',
        data: {
          toolCallId: made.toolCallId,
          ...(request === undefined ? {} : { toolName: request.toolName }),
          decision,
          decidedBy: made.decidedBy,
          ...(reason === undefined || made.decidedBy === 'rule' ? {} : { reason }),
          ...(always === true ? { always: true } : {}),
        },
      });
    if (complete) await appendRunEvent(tx, runId, { type: 'run-status', data: { status: 'queued' } });
    return { row: updated!, resumed: complete };
  });
}
