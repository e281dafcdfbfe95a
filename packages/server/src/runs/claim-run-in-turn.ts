import { and, eq, sql } from 'drizzle-orm';
import { AdvisoryLockKey } from '../db/advisory-lock-keys.js';
import type { SkilldockDatabase } from '../db/database.js';
import { runEvents, runs } from '../db/schema.js';
import { readRunLimitSettings } from '../run-limits/run-limit-settings.js';
import { type RunQueuePlace, runQueuePlace } from './run-queue-place.js';
import { appendRunEvent, claimRun, type RunRow } from './run-records.js';

/** What a worker's claim of a queued run came to. */
export type RunClaim =
  /** The run is this worker's now (`running`). */
  | { readonly kind: 'claimed'; readonly row: RunRow }
  /** Its user's runs ahead fill the per-user limit: the run stays queued, to be tried again later. */
  | { readonly kind: 'waiting'; readonly place: RunQueuePlace }
  /** Not queued any more (cancelled, claimed by another worker, deleted): nothing to do. */
  | { readonly kind: 'gone' };

/**
 * Claims a queued run for `workerId` when it is its user's turn (SPEC O2, Y16): in one transaction
 * holding the user's advisory lock (so N workers on one database never let a user run more than
 * the limit), the run's place is read (`runQueuePlace` against the admins' `maxConcurrentRunsPerUser`)
 * and, when fewer runs are ahead than the limit, the run goes `queued → running` (`claimRun`).
 * Otherwise it stays queued: it is marked as seen (so it keeps its place), and when its place
 * changed since it last said so, a `run-notice` event tells the stream why it waits
 * (`{ message, queue: { reason, runsAhead, limit } }`).
 */
export async function claimRunInTurn(
  db: SkilldockDatabase,
  runId: string,
  workerId: string,
): Promise<RunClaim> {
  return db.transaction(async (tx): Promise<RunClaim> => {
    const [run] = await tx
      .select({
        id: runs.id,
        userId: runs.userId,
        status: runs.status,
        cancelRequested: runs.cancelRequested,
      })
      .from(runs)
      .where(eq(runs.id, runId));
    if (run === undefined || run.status !== 'queued' || run.cancelRequested) return { kind: 'gone' };
    await tx.execute(
      sql`select pg_advisory_xact_lock(${AdvisoryLockKey.runUserTurn}, hashtext(${run.userId}))`,
    );
    const { maxConcurrentRunsPerUser } = await readRunLimitSettings(tx);
    const place = await runQueuePlace(tx, run, maxConcurrentRunsPerUser);
    if (place === undefined) {
      const row = await claimRun(tx, runId, workerId);
      return row === undefined ? { kind: 'gone' } : { kind: 'claimed', row };
    }
    await tx
      .update(runs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(runs.id, runId), eq(runs.status, 'queued')));
    const [last] = await tx
      .select({ data: runEvents.data })
      .from(runEvents)
      .where(
        and(eq(runEvents.runId, runId), eq(runEvents.type, 'run-notice'), sql`${runEvents.data} ? 'queue'`),
      )
      .orderBy(sql`${runEvents.seq} desc`)
      .limit(1);
    const said = (last?.data as { queue?: Partial<RunQueuePlace> } | undefined)?.queue;
    if (said?.runsAhead !== place.runsAhead || said?.limit !== place.limit)
      await appendRunEvent(tx, runId, {
        type: 'run-notice',
        data: {
          message: place.message,
          queue: { reason: place.reason, runsAhead: place.runsAhead, limit: place.limit },
        },
      });
    return { kind: 'waiting', place };
  });
}
