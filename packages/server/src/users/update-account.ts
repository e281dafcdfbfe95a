import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { revokeUserCredentials } from '../auth/revoke-user-credentials.js';
import type { Role } from '../auth/roles.js';
import { deleteUserSessions } from '../auth/sessions.js';
import type { SkilldockDatabase } from '../db/database.js';
import { users } from '../db/schema.js';
import { replaceMemberships } from './replace-memberships.js';

/** The fields of an account a change sets; an absent field stays as it is. */
export interface AccountChanges {
  readonly displayName?: string;
  readonly role?: Role;
  readonly disabled?: boolean;
  readonly departmentIds?: readonly string[];
}

/**
 * Changes the account `id` (already authorized) with its `user.updated` audit entry, in one
 * transaction. A new `passwordHash` ends the account's sessions and revokes its API tokens in the
 * same commit (SPEC Y1); `disabled: true` ends its sessions after the commit. The audit entry
 * lists the changed fields, and a new password only as changed, never by value.
 */
export async function updateAccount(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  changes: AccountChanges,
  passwordHash?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(changes.displayName === undefined ? {} : { displayName: changes.displayName }),
        ...(changes.role === undefined ? {} : { role: changes.role }),
        ...(changes.disabled === undefined ? {} : { disabled: changes.disabled }),
        ...(passwordHash === undefined ? {} : { passwordHash }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    if (changes.departmentIds !== undefined) await replaceMemberships(tx, id, changes.departmentIds);
    // A reset ends what the old password could have made (SPEC Y1): sessions and API tokens.
    const revoked = passwordHash === undefined ? undefined : await revokeUserCredentials(tx, id);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'user.updated',
      targetType: 'user',
      targetId: id,
      details: {
        ...changes,
        ...(revoked === undefined ? {} : { passwordReset: true, tokensRevoked: revoked.tokensRevoked }),
      },
      requestId: actor.requestId,
    });
  });
  if (changes.disabled === true) await deleteUserSessions(db, id);
}
