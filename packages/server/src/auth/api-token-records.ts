import { desc, eq } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { apiTokens } from '../db/schema.js';

/** An API token's row: its owner, name, scopes and dates — the token's hash, never the token. */
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Most tokens the admins' listing answers. */
const MAX_LISTED_TOKENS = 1000;

/** The tokens of `userId`, newest first. */
export function listUserApiTokens(db: SkilldockDatabase, userId: string): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
}

/** Every account's tokens, newest first (at most 1,000). */
export function listAllApiTokens(db: SkilldockDatabase): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).orderBy(desc(apiTokens.createdAt)).limit(MAX_LISTED_TOKENS);
}

/** The token `id`, or undefined when there is none. */
export async function loadApiToken(db: SkilldockDatabase, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
}
