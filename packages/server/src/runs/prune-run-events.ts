import { sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import type { Logger } from '../logging/logger.js';

/** How long a finished run keeps its streamed events, and how often they are pruned. */
export interface RunEventRetention {
  /** A run's events are kept this long after it ended (default 7 days). */
  readonly keepMs?: number;
  /** How often a process prunes (default hourly; the first prune a minute after start at most). */
  readonly everyMs?: number;
}

export const DEFAULT_RUN_EVENT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const DEFAULT_PRUNE_EVERY_MS = 60 * 60 * 1000;
const FIRST_PRUNE_AFTER_MS = 60 * 1000;
/** Rows deleted per statement: a long backlog goes in short transactions, never one long lock. */
const PRUNE_BATCH_ROWS = 5000;

/**
 * Deletes the streamed events (`run_events`) of runs that ended before `endedBefore`, except each
 * run's `run-status` events: the conversation keeps the messages, approvals and files of every turn
 * (what the chat draws after a reload), and a client that asks for an old run's events still gets
 * its end and a closed stream. Until then the events are what a reconnecting client replays (SPEC
 * Y8), so a run still going, or just ended, keeps every one. Runs in batches; returns how many
 * events went.
 */
export async function pruneRunEvents(db: SkilldockDatabase, endedBefore: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`with deleted as (
        delete from run_events where ctid in (
          select e.ctid from run_events e join runs r on r.id = e.run_id
          where r.ended_at < ${endedBefore.toISOString()}::timestamptz and e.type <> 'run-status'
          limit ${PRUNE_BATCH_ROWS})
        returning 1)
      select count(*)::int as count from deleted`);
    const count = (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    total += count;
    if (count < PRUNE_BATCH_ROWS) return total;
  }
}

/**
 * Prunes finished runs' events in this process now and then (every process may: a delete of rows
 * another process already deleted deletes nothing); one prune at a time. The timers never keep the
 * process alive; `stop()` resolves once a prune in flight has ended.
 */
export function startRunEventPruning(
  context: { readonly db: SkilldockDatabase; readonly logger: Logger },
  { keepMs = DEFAULT_RUN_EVENT_KEEP_MS, everyMs = DEFAULT_PRUNE_EVERY_MS }: RunEventRetention = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const prune = () => {
    if (running !== undefined) return;
    running = pruneRunEvents(context.db, new Date(Date.now() - keepMs))
      .then((count) => {
        if (count > 0) context.logger.info('run_events_pruned', { events: count });
      })
      .catch((error: unknown) => context.logger.warn('run_events_prune_failed', { message: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(prune, Math.min(everyMs, FIRST_PRUNE_AFTER_MS));
  const timer = setInterval(prune, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
