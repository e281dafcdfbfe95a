import { parseRunState } from '@skilldock/agent/loop';
import { ConflictError } from '@skilldock/core/errors';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { runs } from '../db/schema.js';
import { queueNewRun } from './queue-new-run.js';
import { appendRunEvent, type RunRow } from './run-records.js';
import type { RunService } from './run-service.js';

/** Run statuses a retry starts again from. */
const RETRYABLE_STATUSES: ReadonlySet<RunRow['status']> = new Set(['failed', 'cancelled']);

/**
 * Whether a failed run resumes from its checkpoint when retried: a run its lost worker left
 * failed keeps the state of its last checkpoint (`sweepLostRuns`); any other end clears it.
 */
export function isResumable(run: RunRow): boolean {
  return run.status === 'failed' && run.state !== null;
}

/**
 * Retries an ended run of a conversation (issue 25): only a `failed` or `cancelled` run
 * (`run_not_retryable` otherwise), only the conversation's latest (`run_not_latest`). A resumable
 * run (`isResumable`) is queued again in place and goes on from its checkpoint — a `turn-restart`
 * event tells clients to drop the partial turn it says again; any other is answered by a new run
 * of the same prompt (`retryOf` it), whose model context leaves the retried run's messages out.
 */
export async function retryRun(
  db: SkilldockDatabase,
  service: RunService,
  run: RunRow,
): Promise<{ readonly run: RunRow; readonly resumed: boolean }> {
  if (!RETRYABLE_STATUSES.has(run.status))
    throw new ConflictError(
      'run_not_retryable',
      `A ${run.status} run cannot be retried: only a failed or stopped one`,
      {
        details: { runId: run.id, status: run.status },
      },
    );
  const [latest] = await db
    .select({ id: runs.id })
    .from(runs)
    .where(eq(runs.conversationId, run.conversationId))
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(1);
  if (latest?.id !== run.id)
    throw new ConflictError('run_not_latest', 'Only the conversation’s latest run can be retried', {
      details: { runId: run.id },
    });
  if (!isResumable(run)) {
    const row = await queueNewRun(db, service, {
      conversationId: run.conversationId,
      userId: run.userId,
      agentId: run.agentId,
      prompt: run.prompt,
      retryOf: run.id,
    });
    return { run: row, resumed: false };
  }
  let resumed: RunRow | undefined;
  try {
    // Every event so far comes before the checkpoint: the resumed run announces itself after them.
    [resumed] = await db
      .update(runs)
      .set({
        status: 'queued',
        error: null,
        endedAt: null,
        partialText: null,
        cancelRequested: false,
        checkpointSeq: sql`(select coalesce(max(seq), 0) from run_events where run_id = ${run.id})`,
      })
      .where(and(eq(runs.id, run.id), eq(runs.status, 'failed')))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError('run_active', 'Another run of this conversation is still active', {
        details: { conversationId: run.conversationId },
      });
    throw error;
  }
  if (resumed === undefined)
    throw new ConflictError('run_not_retryable', 'The run changed while it was being retried', {
      details: { runId: run.id },
    });
  const turn = parseRunState(resumed.state).stats.turns + 1;
  await appendRunEvent(db, run.id, { type: 'run-status', data: { status: 'queued', reason: 'retry' } });
  await appendRunEvent(db, run.id, {
    type: 'turn-restart',
    data: { turn, afterSeq: resumed.checkpointSeq ?? 0 },
  });
  await service.enqueue(run.id);
  service.bus.notify(run.id);
  return { run: resumed, resumed: true };
}
