import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { users } from '../db/schema.js';
import { revokeUserCredentials } from './revoke-user-credentials.js';

/**
 * Sets the actor's own new password (already hashed, the current one already checked) with its
 * `user.password_changed` audit entry, in one transaction that also ends its other sessions and
 * revokes its API tokens (SPEC Y1); `keepSessionIdHash` is the session that made the change.
 */
export async function changeOwnPassword(
  db: SkilldockDatabase,
  actor: AuditActor,
  passwordHash: string,
  keepSessionIdHash: string,
): Promise<void> {
  const userId = actor.viewer.id;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    const { tokensRevoked } = await revokeUserCredentials(tx, userId, keepSessionIdHash);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'user.password_changed',
      targetType: 'user',
      targetId: userId,
      requestId: actor.requestId,
      details: { tokensRevoked },
    });
  });
}
