import { eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { runs } from '../db/schema.js';
import { storableText } from '../text/storable-text.js';
import type { RunEventBus } from './run-event-bus.js';
import { RUN_QUEUE_NAME, RUN_QUEUE_SCHEMA } from './run-queue.js';
import { appendRunEvent } from './run-records.js';
import { unsavedRunText } from './unsaved-run-text.js';

/**
 * How many times a run is started (first start, resumes after lost workers and hand-backs) before
 * a lost worker fails it: a run that kills every worker it reaches must not go round for ever.
 */
export const MAX_RUN_ATTEMPTS = 25;

/** What the sweep did: runs queued again for another worker, and runs failed for good. */
export interface SweptRuns {
  readonly requeued: string[];
  readonly failed: string[];
  /** Queued runs whose job was lost (their worker died holding it, unclaimed): sent again. */
  readonly resent: string[];
}

/**
 * Takes back every `running` run whose worker stopped proving it is alive (SPEC O1, Y16): no
 * heartbeat for `staleAfterMs` means the process died or lost the database. With `requeue`, such
 * a run goes back to `queued` (no worker) with a `run-status` event `{ status: 'queued', reason:
 * 'worker-lost' }`, and `requeue` sends its job: any live worker resumes it from its last
 * checkpoint. A run started `maxAttempts` times already — or every lost run, without `requeue` —
 * ends `failed` with `run_worker_lost`, the text it was writing kept as its partial answer, and a
 * closing `run-status` event; its checkpoint state stays, for a retry to resume from
 * (`POST /api/runs/{id}/retry`). The lost worker, should
 * it come back, finds the row no longer its own and writes nothing more (its writes are fenced).
 *
 * With `requeue`, a `queued` run no worker has seen for `staleAfterMs` whose job is gone — none
 * waiting, none taken in that time (a worker killed between fetching the job and claiming the
 * run, or while sending it again to wait its user's turn) — has its job sent again; marking it
 * seen first keeps two sweeps from both sending it.
 */
export async function sweepLostRuns(
  db: SkilldockDatabase,
  staleAfterMs: number,
  bus?: RunEventBus,
  {
    requeue,
    maxAttempts = MAX_RUN_ATTEMPTS,
  }: { readonly requeue?: (runId: string) => Promise<void>; readonly maxAttempts?: number } = {},
): Promise<SweptRuns> {
  const stale = sql`status = 'running' and heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})`;
  const requeued: string[] = [];
  const resent: string[] = [];
  if (requeue !== undefined) {
    const staleInterval = sql`make_interval(secs => ${staleAfterMs / 1000})`;
    const orphans = await db.execute(sql`update runs set heartbeat_at = now()
      where status = 'queued' and not cancel_requested
        and greatest(created_at, coalesce(heartbeat_at, created_at)) < now() - ${staleInterval}
        and not exists (
          select 1 from ${sql.identifier(RUN_QUEUE_SCHEMA)}.job j
          where j.name = ${RUN_QUEUE_NAME} and j.data->>'runId' = runs.id
            and (j.state in ('created', 'retry') or (j.state = 'active' and j.started_on > now() - ${staleInterval})))
      returning id`);
    for (const { id } of (orphans as unknown as { rows: { id: string }[] }).rows) {
      await requeue(id);
      resent.push(id);
    }
    const result = await db.execute(sql`update runs
      set status = 'queued', worker_id = null, heartbeat_at = now()
      where ${stale} and attempts < ${maxAttempts}
      returning id`);
    for (const { id } of (result as unknown as { rows: { id: string }[] }).rows) {
      await appendRunEvent(db, id, { type: 'run-status', data: { status: 'queued', reason: 'worker-lost' } });
      await requeue(id);
      bus?.notify(id);
      requeued.push(id);
    }
  }
  const error = {
    code: 'run_worker_lost',
    message:
      requeue === undefined
        ? `The worker running it stopped answering (no heartbeat for ${Math.round(staleAfterMs / 1000)} s): it was killed or lost the database.`
        : `The run lost its worker ${maxAttempts} times (no heartbeat for ${Math.round(staleAfterMs / 1000)} s each time); it is not tried again.`,
  };
  // With `requeue`, only runs out of attempts fail: a run that went stale since the statement
  // above (its worker died a moment later) is requeued by the next sweep, not failed here.
  const failing = requeue === undefined ? stale : sql`${stale} and attempts >= ${maxAttempts}`;
  const result = await db.execute(sql`update runs
    set status = 'failed', error = ${JSON.stringify(error)}::jsonb, ended_at = now(), checkpoint_seq = null
    from (select id, checkpoint_seq from runs where ${failing} for update) lost
    where runs.id = lost.id
    returning runs.id, lost.checkpoint_seq`);
  const rows = (result as unknown as { rows: { id: string; checkpoint_seq: number | null }[] }).rows;
  const failed = rows.map((row) => row.id);
  for (const { id, checkpoint_seq: checkpointSeq } of rows) {
    // The answer the lost worker was writing stays shown, marked partial (issue 25).
    const partialText = await unsavedRunText(db, id, Number(checkpointSeq ?? 0));
    if (partialText !== '')
      await db
        .update(runs)
        .set({ partialText: storableText(partialText) })
        .where(eq(runs.id, id));
    await appendRunEvent(db, id, { type: 'run-status', data: { status: 'failed', error } });
    bus?.notify(id);
  }
  return { requeued, failed, resent };
}
