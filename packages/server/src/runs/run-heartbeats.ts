import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { runs } from '../db/schema.js';
import type { Logger } from '../logging/logger.js';

/** What a held run hears from its heartbeat. */
export interface RunHeartbeatListener {
  /** The row is no longer `running` for this worker: the sweep gave the run to another one. */
  readonly lost: () => void;
  /** The row's cancel flag is set. */
  readonly cancelRequested: () => void;
}

/** The heartbeats of the runs one worker holds. */
export interface RunHeartbeats {
  /** Beats for `runId` from now on; the returned function lets it go (no listener call after it). */
  hold(runId: string, listener: RunHeartbeatListener): () => void;
  /** Ends the beats (runs still held are no longer beaten). */
  stop(): Promise<void>;
}

/**
 * Proves every run a worker holds alive (SPEC O1) and reads their cancel flags, every `periodMs`,
 * in one statement for all of them — a worker running 50 runs writes one update per beat, not 50
 * (issue 28: each round trip costs CPU in the worker however small the row). A run whose row is no
 * longer `running` for `workerId` hears `lost`; one whose cancel flag is set hears
 * `cancelRequested`. A beat still in flight when the next is due lets that one go; a failed beat is
 * logged and tried again at the next.
 * @example const heartbeats = startRunHeartbeats(db, workerId, 1000, logger);
 */
export function startRunHeartbeats(
  db: SkilldockDatabase,
  workerId: string,
  periodMs: number,
  logger: Logger,
): RunHeartbeats {
  const held = new Map<string, RunHeartbeatListener>();
  const beat = async () => {
    const ids = [...held.keys()];
    if (ids.length === 0) return;
    const alive = await db
      .update(runs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(inArray(runs.id, ids), eq(runs.workerId, workerId), eq(runs.status, 'running')))
      .returning({ id: runs.id, cancelRequested: runs.cancelRequested });
    const cancelled = new Map(alive.map((row) => [row.id, row.cancelRequested]));
    for (const id of ids) {
      // Let go while the beat was in flight: its answer is no longer this run's business.
      const listener = held.get(id);
      if (listener === undefined) continue;
      const cancelRequested = cancelled.get(id);
      if (cancelRequested === undefined) listener.lost();
      else if (cancelRequested) listener.cancelRequested();
    }
  };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= beat()
      .catch((error: unknown) =>
        logger.warn('run_heartbeat_failed', { workerId, runs: held.size, message: String(error) }),
      )
      .finally(() => {
        running = undefined;
      });
  }, periodMs);
  timer.unref();
  return {
    hold: (runId, listener) => {
      held.set(runId, listener);
      return () => {
        if (held.get(runId) === listener) held.delete(runId);
      };
    },
    stop: async () => {
      clearInterval(timer);
      held.clear();
      await running;
    },
  };
}
