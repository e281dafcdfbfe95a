import type { ConversationMessage } from '@skilldock/agent/model';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { messages, runEvents, runs } from '../db/schema.js';
import { storableJson, storableJsonText, storableText } from '../text/storable-text.js';
import type { StoredRunEvent } from './stored-run-event.js';

type Writer = SkilldockDatabase | SkilldockTransaction;

/** Every status a run can have (SPEC Y8): the `runs.status` column's values. */
export { RUN_STATUSES } from '../db/schema.js';

/** A run's row. */
export type RunRow = typeof runs.$inferSelect;

/** A run status after which nothing more happens. */
export const FINISHED_RUN_STATUSES: ReadonlySet<RunRow['status']> = new Set([
  'completed',
  'failed',
  'cancelled',
]);

/** Tries `insert` with the next free `seq` until no concurrent writer took it (a few tries at most). */
export async function withNextSeq(insert: () => Promise<number>): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
}

/**
 * Appends an event to a run's stream and returns its `seq` (1, 2, …: the SSE event id). Text
 * PostgreSQL cannot store is escaped (`storableJsonText`, SPEC SEC11), as in every run write here.
 */
export function appendRunEvent(db: Writer, runId: string, event: StoredRunEvent): Promise<number> {
  return withNextSeq(async () => {
    const result = await db.execute(sql`insert into run_events (run_id, seq, type, data)
      select ${runId}, coalesce(max(seq), 0) + 1, ${event.type}, ${storableJsonText(event.data)}::jsonb
      from run_events where run_id = ${runId}
      returning seq`);
    return Number((result as unknown as { rows: { seq: number }[] }).rows[0]!.seq);
  });
}

/** The events of `runId` after `afterSeq`, in order, at most `limit`. */
export function runEventsAfter(db: Writer, runId: string, afterSeq: number, limit = 500) {
  return db
    .select({ seq: runEvents.seq, type: runEvents.type, data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq)))
    .orderBy(asc(runEvents.seq))
    .limit(limit);
}

/**
 * A conversation's messages in order, as a new run's model sees them: the messages of a run that a
 * later run retried are left out (the retry answers the same prompt again, issue 25).
 */
export async function conversationMessages(
  db: Writer,
  conversationId: string,
): Promise<ConversationMessage[]> {
  const rows = await db
    .select({ message: messages.message })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`(${messages.runId} is null or not exists (select 1 from runs retry where retry.retry_of = ${messages.runId}))`,
      ),
    )
    .orderBy(asc(messages.seq));
  return rows.map((row) => row.message as ConversationMessage);
}

/** A conversation's messages in order, each with the run that stored it (null once that run is gone). */
export async function conversationMessagesWithRuns(
  db: Writer,
  conversationId: string,
): Promise<{ message: ConversationMessage; runId: string | null }[]> {
  const rows = await db
    .select({ message: messages.message, runId: messages.runId })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
  return rows.map((row) => ({ message: row.message as ConversationMessage, runId: row.runId }));
}

/** The run `id`, or undefined. */
export async function loadRun(db: Writer, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id));
  return row;
}

/**
 * Takes a queued run for `workerId`: `queued → running` in one statement, so of two workers handed
 * the same job (a redelivery) exactly one runs it. Undefined when the run is not queued.
 */
export async function claimRun(db: Writer, runId: string, workerId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({
      status: 'running',
      workerId,
      heartbeatAt: sql`now()`,
      startedAt: sql`coalesce(${runs.startedAt}, clock_timestamp())`,
      attempts: sql`${runs.attempts} + 1`,
    })
    .where(and(eq(runs.id, runId), eq(runs.status, 'queued'), eq(runs.cancelRequested, false)))
    .returning();
  return row;
}

/** What a run's end writes. */
export interface RunEnd {
  readonly status: 'completed' | 'failed' | 'cancelled' | 'waiting_approval';
  readonly error?: { readonly code: string; readonly message: string };
  readonly finalText?: string;
  readonly state?: unknown;
  readonly activeSkills?: readonly string[];
  /** A failed run's text streamed after its last stored message (`unsavedRunText`). */
  readonly partialText?: string;
}

/**
 * Ends `workerId`'s turn at the run, only while it still holds it (a run the sweep already failed
 * stays failed). True when the row changed.
 */
export async function finishRun(db: Writer, runId: string, workerId: string, end: RunEnd): Promise<boolean> {
  const finished = end.status !== 'waiting_approval';
  const rows = await db
    .update(runs)
    .set({
      status: end.status,
      // A cancel's reason (an admin's, `cancelRun`) was written when it was asked for: it stays.
      error:
        end.error !== undefined
          ? storableJson(end.error)
          : end.status === 'cancelled'
            ? sql`${runs.error}`
            : null,
      finalText: end.finalText === undefined ? null : storableText(end.finalText),
      state: end.state === undefined ? null : storableJson(end.state),
      checkpointSeq: null,
      partialText:
        end.partialText === undefined || end.partialText === '' ? null : storableText(end.partialText),
      ...(end.activeSkills === undefined ? {} : { activeSkills: [...end.activeSkills] }),
      ...(finished ? { endedAt: sql`now()` } : {}),
    })
    .where(and(eq(runs.id, runId), eq(runs.status, 'running'), eq(runs.workerId, workerId)))
    .returning({ id: runs.id });
  return rows.length > 0;
}
