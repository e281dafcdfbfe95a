import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { runEvents, runs } from '../db/schema.js';
import type { RunRow } from './run-records.js';

type Reader = SkilldockDatabase | SkilldockTransaction;

/** A stored event of one of a conversation's runs, as the conversation answer reads it. */
export interface ConversationRunEvent {
  readonly runId: string;
  readonly type: string;
  readonly data: unknown;
}

/** The conversation's most recent `limit` runs, oldest first. */
export async function conversationRuns(db: Reader, conversationId: string, limit: number): Promise<RunRow[]> {
  const rows = await db
    .select()
    .from(runs)
    .where(eq(runs.conversationId, conversationId))
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(limit);
  return rows.reverse();
}

/** The events of `types` of the runs `runIds`, by run id and then in stream order. */
export async function runEventsOfTypes(
  db: Reader,
  runIds: readonly string[],
  types: readonly string[],
): Promise<ConversationRunEvent[]> {
  if (runIds.length === 0) return [];
  return db
    .select({ runId: runEvents.runId, type: runEvents.type, data: runEvents.data })
    .from(runEvents)
    .where(and(inArray(runEvents.runId, [...runIds]), inArray(runEvents.type, [...types])))
    .orderBy(asc(runEvents.runId), asc(runEvents.seq));
}
