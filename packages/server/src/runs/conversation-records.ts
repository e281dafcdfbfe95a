import { and, desc, eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { conversations } from '../db/schema.js';

type Writer = SkilldockDatabase | SkilldockTransaction;

/** A conversation's row (SPEC Y8): its owner, its agent, its title and its "always allow" rules. */
export type ConversationRow = typeof conversations.$inferSelect;

/** Most conversations one listing answers. */
const MAX_LISTED_CONVERSATIONS = 500;

/** `userId`'s conversations (only with `agentId` when given), most recently active first. */
export function listConversations(
  db: Writer,
  userId: string,
  agentId: string | undefined,
): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(
      agentId === undefined
        ? eq(conversations.userId, userId)
        : and(eq(conversations.userId, userId), eq(conversations.agentId, agentId)),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(MAX_LISTED_CONVERSATIONS);
}

/** Starts a conversation of `userId` with `agentId` (already checked readable). */
export async function createConversation(
  db: Writer,
  conversation: {
    readonly id: string;
    readonly userId: string;
    readonly agentId: string;
    readonly title: string;
  },
): Promise<ConversationRow> {
  const [row] = await db.insert(conversations).values(conversation).returning();
  return row!;
}

/**
 * Renames `userId`'s conversation `id`; undefined when it has none by that id. The owner check is
 * in the statement itself: another user's id updates nothing.
 */
export async function renameConversation(
  db: Writer,
  userId: string,
  id: string,
  title: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ title })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning();
  return row;
}

/**
 * Drops `toolName` from the "always allow" rules of `userId`'s conversation `id` (SPEC W4, G3);
 * undefined when it has none by that id. One statement, so a concurrent "always" for another tool
 * is never lost.
 */
export async function forgetAlwaysAllowed(
  db: Writer,
  userId: string,
  id: string,
  toolName: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ alwaysAllowedTools: sql`${conversations.alwaysAllowedTools} - ${toolName}::text` })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning();
  return row;
}
