import { sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import type { RunEventBus } from './run-event-bus.js';
import { appendRunEvent } from './run-records.js';

/**
 * Ends every `running` run whose worker stopped proving it is alive (SPEC Y16: a dead worker's run
 * ends `failed`, never stuck): no heartbeat for `staleAfterMs` means the process died or lost the
 * database. Each gets `failed` with `run_worker_lost` and a closing `run-status` event. The worker,
 * should it come back, finds the row no longer its own and writes nothing more. Returns the ids.
 */
export async function sweepLostRuns(
  db: SkilldockDatabase,
  staleAfterMs: number,
  bus?: RunEventBus,
): Promise<string[]> {
  const error = {
    code: 'run_worker_lost',
    message: `The worker running it stopped answering (no heartbeat for ${Math.round(staleAfterMs / 1000)} s): it was killed or lost the database.`,
  };
  const result = await db.execute(sql`update runs
    set status = 'failed', error = ${JSON.stringify(error)}::jsonb, ended_at = now()
    where status = 'running' and heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  for (const id of ids) {
    await appendRunEvent(db, id, { type: 'run-status', data: { status: 'failed', error } });
    bus?.notify(id);
  }
  return ids;
}
