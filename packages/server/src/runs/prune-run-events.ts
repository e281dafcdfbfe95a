import { sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';

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
