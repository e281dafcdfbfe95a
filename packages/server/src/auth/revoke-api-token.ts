import { and, eq, isNull } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { apiTokens, users } from '../db/schema.js';
import type { Role } from './roles.js';

/** Which tokens a revoke may reach. */
export interface RevokeScope {
  /** Only a token this account holds (the owner revoking its own). */
  readonly ownedBy?: string;
  /**
   * Checks, in the revoke's transaction, that the actor may revoke a token of `owner` (throws when
   * it may not); not called when the token is unknown.
   */
  readonly checkOwner?: (owner: { readonly id: string; readonly role: Role }) => void;
}

/**
 * Revokes the active API token `id` with its `token.revoked` audit entry, in one transaction;
 * false when there is no such active token (within `scope`).
 */
export async function revokeApiToken(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  scope: RevokeScope,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (scope.checkOwner !== undefined) {
      const [owner] = await tx
        .select({ id: users.id, role: users.role })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.id, id));
      if (owner !== undefined) scope.checkOwner(owner);
    }
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiTokens.id, id),
          isNull(apiTokens.revokedAt),
          ...(scope.ownedBy === undefined ? [] : [eq(apiTokens.userId, scope.ownedBy)]),
        ),
      )
      .returning();
    if (row === undefined) return false;
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'token.revoked',
      targetType: 'api_token',
      targetId: id,
      details: { userId: row.userId, name: row.name },
      requestId: actor.requestId,
    });
    return true;
  });
}
