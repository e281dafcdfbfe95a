import { and, eq, isNull, ne } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { apiTokens, sessions } from '../db/schema.js';

/**
 * What a new password ends (SPEC Y1): every login session of the user but `keepSessionIdHash` (the
 * one that changed it) and every API token it holds, revoked (listed with `revokedAt`, never
 * answered again). Whoever learnt the old password may have made a token with it; the owner makes
 * new ones. Run it in the transaction that writes the password, so both commit together. Returns how
 * many tokens it revoked.
 */
export async function revokeUserCredentials(
  db: SkilldockDatabase | SkilldockTransaction,
  userId: string,
  keepSessionIdHash?: string,
): Promise<{ readonly tokensRevoked: number }> {
  await db
    .delete(sessions)
    .where(
      keepSessionIdHash === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionIdHash)),
    );
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return { tokensRevoked: revoked.length };
}
