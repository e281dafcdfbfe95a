import { sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import type { Logger } from '../logging/logger.js';

/** A worker's row older than this is removed by any worker's heartbeat (a worker that died long ago). */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

/** A started heartbeat: `stop` ends it and removes the worker's row. */
export interface WorkerHeartbeat {
  stop(): Promise<void>;
}

/**
 * Proves a run worker is alive (SPEC O3), busy or idle: its `run_workers` row is written at once
 * (so a server is ready as soon as its worker started) and every `periodMs` after, and deleted on
 * `stop`. Readiness counts the rows younger than the stale period (`readRunQueueState`). A failed
 * write (the first one too) is logged and tried again at the next beat; it never stops the worker.
 * @example const heartbeat = await startWorkerHeartbeat(db, workerId, 2000, logger);
 */
export async function startWorkerHeartbeat(
  db: SkilldockDatabase,
  workerId: string,
  periodMs: number,
  logger: Logger,
): Promise<WorkerHeartbeat> {
  const beat = async () => {
    await db.execute(sql`insert into run_workers (worker_id) values (${workerId})
      on conflict (worker_id) do update set heartbeat_at = now()`);
    await db.execute(sql`delete from run_workers
      where heartbeat_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`);
  };
  const failed = (error: unknown) =>
    logger.warn('worker_heartbeat_failed', { workerId, message: String(error) });
  await beat().catch(failed);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= beat()
      .catch(failed)
      .finally(() => {
        running = undefined;
      });
  }, periodMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await db.execute(sql`delete from run_workers where worker_id = ${workerId}`).catch(failed);
    },
  };
}
