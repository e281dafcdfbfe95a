import { ConflictError } from '@skilldock/core/errors';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { runs } from '../db/schema.js';
import type { RunEventBus } from './run-event-bus.js';
import { appendRunEvent, FINISHED_RUN_STATUSES, loadRun, type RunRow } from './run-records.js';

const finished = (runId: string) =>
  new ConflictError('run_finished', 'The run already ended', { details: { runId } });

/**
 * Cancels `run` — the user's Stop and an admin's cancel alike: a queued or waiting run ends
 * `cancelled` at once (so a queued one never starts: a claim needs `queued`), a running one is
 * flagged and its worker told, stopping at its next step. Throws `run_finished` (409) when the run
 * already ended; returns the row as it now is. A `reason` (an admin's cancel) is the run's `error`,
 * kept when it ends `cancelled`, so its user sees why it stopped.
 */
export async function cancelRun(
  db: SkilldockDatabase,
  bus: RunEventBus,
  run: RunRow,
  { reason }: { readonly reason?: { readonly code: string; readonly message: string } } = {},
): Promise<RunRow> {
  if (FINISHED_RUN_STATUSES.has(run.status)) throw finished(run.id);
  const [stopped] = await db
    .update(runs)
    .set({
      status: 'cancelled',
      endedAt: sql`now()`,
      cancelRequested: true,
      state: null,
      ...(reason === undefined ? {} : { error: reason }),
    })
    .where(and(eq(runs.id, run.id), inArray(runs.status, ['queued', 'waiting_approval'])))
    .returning();
  if (stopped !== undefined) {
    await appendRunEvent(db, run.id, {
      type: 'run-status',
      data: { status: 'cancelled', ...(reason === undefined ? {} : { error: reason }) },
    });
    bus.notify(run.id);
    return stopped;
  }
  const [flagged] = await db
    .update(runs)
    .set({ cancelRequested: true, ...(reason === undefined ? {} : { error: reason }) })
    .where(and(eq(runs.id, run.id), eq(runs.status, 'running')))
    .returning();
  bus.cancel(run.id);
  if (flagged !== undefined) return flagged;
  const latest = (await loadRun(db, run.id))!;
  if (FINISHED_RUN_STATUSES.has(latest.status)) throw finished(run.id);
  return latest;
}
