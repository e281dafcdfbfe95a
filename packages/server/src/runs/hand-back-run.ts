import { and, eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { runs } from '../db/schema.js';
import type { RunEventBus } from './run-event-bus.js';
import { appendRunEvent } from './run-records.js';

/**
 * Gives a run `workerId` holds back to the queue (SPEC O1 drain): `running → queued` with no
 * worker, a `run-status` event `{ status: 'queued', reason: 'handed-back' }`, and its job sent
 * again through `requeue`, so another worker resumes it from its last checkpoint. False (nothing
 * written) when the worker no longer holds it.
 */
export async function handBackRun(
  db: SkilldockDatabase,
  runId: string,
  workerId: string,
  requeue: (runId: string) => Promise<void>,
  bus?: RunEventBus,
): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({ status: 'queued', workerId: null, heartbeatAt: sql`now()` })
    .where(and(eq(runs.id, runId), eq(runs.workerId, workerId), eq(runs.status, 'running')))
    .returning({ id: runs.id });
  if (rows.length === 0) return false;
  await appendRunEvent(db, runId, { type: 'run-status', data: { status: 'queued', reason: 'handed-back' } });
  await requeue(runId);
  bus?.notify(runId);
  return true;
}
