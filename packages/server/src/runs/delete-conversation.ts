import { and, eq, inArray } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { conversations, runs } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

/**
 * Deletes the conversation `id` (already authorized) with its messages and runs, and returns the
 * deleted runs' ids (their work folders are the caller's to remove). A run of it still queued,
 * running or waiting for approval refuses the delete: 409 `run_active`.
 */
export async function deleteConversation(db: SkilldockDatabase, id: string): Promise<string[]> {
  const active = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.conversationId, id), inArray(runs.status, ['queued', 'running', 'waiting_approval'])));
  if (active.length > 0)
    throw new HttpError(409, 'run_active', 'A run of this conversation is still active; cancel it first');
  const deleted = await db.transaction(async (tx) => {
    const gone = await tx.delete(runs).where(eq(runs.conversationId, id)).returning({ id: runs.id });
    await tx.delete(conversations).where(eq(conversations.id, id));
    return gone;
  });
  return deleted.map((run) => run.id);
}
