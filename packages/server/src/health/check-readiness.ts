import type { Database } from '../db/database.js';
import { pendingMigrations } from '../db/run-migrations.js';
import { type RunQueueState, readRunQueueState } from '../runs/run-queue-state.js';

/** The checks readiness makes, in the order they are made; the first failing one is named. */
export type ReadinessCheck = 'database' | 'migrations' | 'workers';

/** What `/api/health/ready` answers (SPEC O3): no secrets, no user data, only counts and ages. */
export interface Readiness {
  readonly ready: boolean;
  /** The first check that failed, absent when ready. */
  readonly failing?: ReadinessCheck;
  readonly checks: {
    readonly database: { readonly ok: boolean };
    readonly migrations: { readonly ok: boolean; readonly pending: number };
    readonly workers: { readonly ok: boolean; readonly seen: number; readonly staleAfterSeconds: number };
  };
  /** Queue depth and the oldest queued run's age in seconds (null: nothing waits, or the database is down). */
  readonly queue: { readonly depth: number; readonly oldestQueuedSeconds: number | null };
}

/**
 * Whether this server can do its work (SPEC O3): the database answers, every migration this code
 * knows is applied, and at least one run worker (in any process) sent a heartbeat within
 * `workerStaleAfterMs`. A database error is a failed check, never an exception: the answer names
 * `database` and carries no error text (it could hold a connection string).
 * @example const readiness = await checkReadiness(database, 30_000);
 */
export async function checkReadiness(database: Database, workerStaleAfterMs: number): Promise<Readiness> {
  const staleAfterSeconds = Math.round(workerStaleAfterMs / 1000);
  let pending: readonly string[];
  let queue: RunQueueState;
  try {
    [pending, queue] = await Promise.all([
      pendingMigrations(database),
      readRunQueueState(database.db, workerStaleAfterMs),
    ]);
  } catch {
    return {
      ready: false,
      failing: 'database',
      checks: {
        database: { ok: false },
        migrations: { ok: false, pending: 0 },
        workers: { ok: false, seen: 0, staleAfterSeconds },
      },
      queue: { depth: 0, oldestQueuedSeconds: null },
    };
  }
  const checks = {
    database: { ok: true },
    migrations: { ok: pending.length === 0, pending: pending.length },
    workers: { ok: queue.workersSeen > 0, seen: queue.workersSeen, staleAfterSeconds },
  };
  const failing = !checks.migrations.ok ? 'migrations' : !checks.workers.ok ? 'workers' : undefined;
  return {
    ready: failing === undefined,
    ...(failing === undefined ? {} : { failing }),
    checks,
    queue: { depth: queue.queuedRuns, oldestQueuedSeconds: queue.oldestQueuedSeconds },
  };
}
