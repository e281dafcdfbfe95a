import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { runEvents } from '../db/schema.js';
import { loadRun, type RunEnd } from './run-records.js';

/**
 * The text a run streamed after the event `afterSeq` (its last checkpoint: the last message it
 * stored) — the answer it was writing when it stopped. A new attempt (`run-status` running) and a
 * `turn-restart` start it again: a resumed run says its unsaved turn again. Sub-agents' text is
 * their own and not counted.
 */
export async function unsavedRunText(
  db: SkilldockDatabase | SkilldockTransaction,
  runId: string,
  afterSeq: number,
): Promise<string> {
  const rows = await db
    .select({ type: runEvents.type, data: runEvents.data })
    .from(runEvents)
    .where(
      and(
        eq(runEvents.runId, runId),
        gt(runEvents.seq, afterSeq),
        inArray(runEvents.type, ['text-delta', 'turn-restart', 'run-status']),
      ),
    )
    .orderBy(asc(runEvents.seq));
  let text = '';
  for (const row of rows) {
    const data = row.data as { text?: unknown; status?: unknown } | null;
    if (row.type === 'turn-restart' || (row.type === 'run-status' && data?.status === 'running')) text = '';
    else if (row.type === 'text-delta' && typeof data?.text === 'string') text += data.text;
  }
  return text;
}

/**
 * A failed run's end with the answer it was writing (issue 25): the text streamed since its last
 * stored message, kept on the row so the conversation still shows it, marked partial.
 */
export async function withPartialText(
  db: SkilldockDatabase,
  runId: string,
  workerId: string,
  end: RunEnd,
): Promise<RunEnd> {
  const current = await loadRun(db, runId);
  if (current?.status !== 'running' || current.workerId !== workerId) return end;
  const partialText = await unsavedRunText(db, runId, current.checkpointSeq ?? 0);
  return partialText === '' ? end : { ...end, partialText };
}
