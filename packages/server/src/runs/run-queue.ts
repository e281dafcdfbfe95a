import PgBoss from 'pg-boss';
import { AdvisoryLockKey } from '../db/advisory-lock-keys.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { queueSqlAdapter } from './queue-sql-adapter.js';

/** The pg-boss queue runs are jobs on. */
export const RUN_QUEUE_NAME = 'skilldock-runs';

/** The schema pg-boss creates for its tables (beside the platform's, in the same database). */
export const RUN_QUEUE_SCHEMA = 'pgboss';

/** A job: the run to execute (its row holds everything else). */
export interface RunJob {
  readonly runId: string;
}

/** Timing of the queue; tests shorten them. */
export interface RunQueueOptions {
  /** How often an idle worker asks for a job, in seconds (pg-boss's minimum is 0.5). Default 0.5. */
  readonly pollingIntervalSeconds?: number;
  /**
   * How long a job may stay active before pg-boss expires it, in seconds (default one hour). A run
   * is failed by the heartbeat sweep long before that; expiry only cleans the queue up.
   */
  readonly expireInSeconds?: number;
}

/** The run queue: send a run's job, register handlers, stop. */
export interface RunQueue {
  readonly boss: PgBoss;
  readonly pollingIntervalSeconds: number;
  /** Queues a run's job; with `startAfterMs`, no worker takes it before that many milliseconds. */
  send(runId: string, options?: { readonly startAfterMs?: number }): Promise<void>;
  stop(options?: { readonly timeoutMs?: number }): Promise<void>;
}

/**
 * Starts pg-boss 10 over the platform database (SPEC Y16): its schema is created or migrated on
 * first start and the run queue created when missing, under one session advisory lock, so
 * processes may start at once. Jobs are never retried by pg-boss: a run executes at most once,
 * and a run whose worker died ends `failed` through the heartbeat sweep (`sweepLostRuns`). Works on
 * PostgreSQL and on in-process PGlite alike, through {@link queueSqlAdapter}.
 * @example const queue = await startRunQueue(database, logger); await queue.send(runId);
 */
export async function startRunQueue(
  database: Database,
  logger: Logger,
  { pollingIntervalSeconds = 0.5, expireInSeconds = 3600 }: RunQueueOptions = {},
): Promise<RunQueue> {
  const adapter = queueSqlAdapter(database);
  const boss = new PgBoss({
    db: adapter as PgBoss.Db,
    schema: RUN_QUEUE_SCHEMA,
    // No cron schedules and no state monitor: nothing here needs them, and each is a polling loop.
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error: Error) => logger.error('run_queue_error', { message: error.message }));
  // pg-boss's own lock does not stop two fresh start-ups from both creating its schema.
  await adapter.withLock(AdvisoryLockKey.runQueue, async () => {
    await boss.start();
    await boss.createQueue(RUN_QUEUE_NAME, { name: RUN_QUEUE_NAME, retryLimit: 0, expireInSeconds });
  });
  let stopped = false;
  return {
    boss,
    pollingIntervalSeconds,
    send: async (runId, { startAfterMs } = {}) => {
      const job: RunJob = { runId };
      await boss.send(RUN_QUEUE_NAME, job, {
        retryLimit: 0,
        expireInSeconds,
        ...(startAfterMs === undefined ? {} : { startAfter: new Date(Date.now() + startAfterMs) }),
      });
    },
    stop: async ({ timeoutMs = 30_000 } = {}) => {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}
