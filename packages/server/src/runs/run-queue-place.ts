import { sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { readRunLimitSettings } from '../run-limits/run-limit-settings.js';

/**
 * How long a queued run counts as ahead of its user's later runs without a worker having seen it
 * (its creation, or its last turn refused): a run whose job was lost stops holding the others back.
 */
const QUEUED_RUN_FRESH_SECONDS = 60;

/** Why a queued run waits: its user's runs ahead of it fill the per-user limit (SPEC O2). */
export interface RunQueuePlace {
  readonly reason: 'user_run_limit';
  /** The user's runs ahead of this one: running, and queued before it. */
  readonly runsAhead: number;
  /** Runs of one user that run at once (the admins' `maxConcurrentRunsPerUser`). */
  readonly limit: number;
  /** For people: `2 of your runs are ahead (at most 2 run at once).` */
  readonly message: string;
}

/** The message of a waiting run, e.g. `2 of your runs are ahead (at most 2 run at once).` */
function placeMessage(runsAhead: number, limit: number): string {
  const ahead = runsAhead === 1 ? '1 of your runs is ahead' : `${runsAhead} of your runs are ahead`;
  return `${ahead} (at most ${limit} run at once).`;
}

/**
 * Where a queued run stands in its user's turn (SPEC O2), the one check of the per-user limit: the
 * user's runs ahead of it are those running and those queued before it (oldest first; cancelled
 * ones, and ones no worker has seen for a minute, left out). It may start when fewer than `limit`
 * are ahead — undefined — else the answer says how many are. Runs waiting for an approval hold no
 * place. Read inside the claim's per-user lock (`claimRunInTurn`) it decides; read elsewhere it
 * informs (`GET /api/runs/{id}`).
 */
export async function runQueuePlace(
  db: SkilldockDatabase | SkilldockTransaction,
  run: { readonly id: string; readonly userId: string },
  limit: number,
): Promise<RunQueuePlace | undefined> {
  const result = await db.execute(sql`
    select
      count(*) filter (where r.status = 'running')::int as running,
      count(*) filter (
        where r.status = 'queued' and not r.cancel_requested
          and (r.created_at, r.id) < (this.created_at, this.id)
          and greatest(r.created_at, coalesce(r.heartbeat_at, r.created_at))
            > now() - make_interval(secs => ${QUEUED_RUN_FRESH_SECONDS})
      )::int as queued_ahead
    from runs r, (select created_at, id from runs where id = ${run.id}) this
    where r.user_id = ${run.userId} and r.status in ('running', 'queued') and r.id <> ${run.id}`);
  const [counts] = (result as unknown as { rows: { running: number; queued_ahead: number }[] }).rows;
  const runsAhead = Number(counts?.running ?? 0) + Number(counts?.queued_ahead ?? 0);
  if (runsAhead < limit) return undefined;
  return { reason: 'user_run_limit', runsAhead, limit, message: placeMessage(runsAhead, limit) };
}

/**
 * Why a run waits, as its user sees it now (`GET /api/runs/{id}`): its place when it is queued
 * behind as many of the user's runs as the admins' per-user limit, else undefined.
 */
export async function currentRunQueuePlace(
  db: SkilldockDatabase,
  run: { readonly id: string; readonly userId: string; readonly status: string },
): Promise<RunQueuePlace | undefined> {
  if (run.status !== 'queued') return undefined;
  const { maxConcurrentRunsPerUser } = await readRunLimitSettings(db);
  return runQueuePlace(db, run, maxConcurrentRunsPerUser);
}
