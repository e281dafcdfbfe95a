import { sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';

/** The run queue as operators see it (SPEC O3), read from the database shared by every process. */
export interface RunQueueState {
  /** Runs waiting for a worker (`queued`), whichever process queued them. */
  readonly queuedRuns: number;
  /** Seconds since the oldest queued run was created; null when none waits. */
  readonly oldestQueuedSeconds: number | null;
  /** Run workers whose heartbeat is younger than the stale period (any process). */
  readonly workersSeen: number;
}

/**
 * Reads queue depth, the oldest queued run's age and the live workers in one statement: the one
 * source `/api/health/ready` and `/metrics` both answer from. A worker counts when its heartbeat
 * (`startWorkerHeartbeat`) is younger than `workerStaleAfterMs`.
 */
export async function readRunQueueState(
  db: SkilldockDatabase,
  workerStaleAfterMs: number,
): Promise<RunQueueState> {
  const result = await db.execute(sql`select
      (select count(*) from runs where status = 'queued')::int as queued,
      (select extract(epoch from now() - min(created_at)) from runs where status = 'queued')::float8 as oldest,
      (select count(*) from run_workers
        where heartbeat_at >= now() - make_interval(secs => ${workerStaleAfterMs / 1000}))::int as workers`);
  const row = (result as unknown as { rows: { queued: number; oldest: number | null; workers: number }[] })
    .rows[0];
  return {
    queuedRuns: Number(row?.queued ?? 0),
    oldestQueuedSeconds:
      row?.oldest === null || row?.oldest === undefined ? null : Math.max(0, Number(row.oldest)),
    workersSeen: Number(row?.workers ?? 0),
  };
}
