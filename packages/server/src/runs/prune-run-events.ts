import { sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';

/** Rows deleted per statement: a long backlog goes in short transactions, never one long lock. */
const PRUNE_BATCH_ROWS = 5000;

/**
 * The events a finished run keeps for good, a few per run: `run-status` (an old run's stream still
 * ends with its status), `approval-decision` (who answered each approval, shown on the tool calls
 * after a reload) and `subagent-end` (each delegation's sub-agent with its transcript).
 */
export const KEPT_RUN_EVENT_TYPES = ['run-status', 'approval-decision', 'subagent-end'] as const;

/**
 * Deletes the streamed events (`run_events`) of runs that ended before `endedBefore`, except the
 * {@link KEPT_RUN_EVENT_TYPES}: with the conversation's messages and the run's files they are what
 * the chat draws after a reload, and a client that asks for an old run's events still gets its end
 * and a closed stream. Until then the events are what a reconnecting client replays (SPEC Y8), so a
 * run still going, or just ended, keeps every one. Runs in batches; returns how many events went.
 */
export async function pruneRunEvents(db: SkilldockDatabase, endedBefore: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`with deleted as (
        delete from run_events where ctid in (
          select e.ctid from run_events e join runs r on r.id = e.run_id
          where r.ended_at < ${endedBefore.toISOString()}::timestamptz
            and e.type not in (${sql.join(
              KEPT_RUN_EVENT_TYPES.map((type) => sql`${type}`),
              sql`, `,
            )})
          limit ${PRUNE_BATCH_ROWS})
        returning 1)
      select count(*)::int as count from deleted`);
    const count = (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    total += count;
    if (count < PRUNE_BATCH_ROWS) return total;
  }
}
