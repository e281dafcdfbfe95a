import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Role } from '../auth/roles.js';
import type { SkilldockDatabase } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { users } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { replaceMemberships } from './replace-memberships.js';

/** A new account, its password already hashed. */
export interface NewAccount {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly role: Role;
  readonly passwordHash: string;
  readonly departmentIds: readonly string[];
}

/**
 * Creates an account with its departments and the `user.created` audit entry, in one transaction
 * (SPEC Y1). A taken username is a 409 `username_taken`; an unknown department a 422.
 */
export async function createAccount(
  db: SkilldockDatabase,
  actor: AuditActor,
  account: NewAccount,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: account.id,
        username: account.username,
        displayName: account.displayName,
        role: account.role,
        passwordHash: account.passwordHash,
      });
      await replaceMemberships(tx, account.id, account.departmentIds);
      await recordAudit(tx, {
        actor: actor.viewer,
        action: 'user.created',
        targetType: 'user',
        targetId: account.id,
        details: { username: account.username, role: account.role, departmentIds: account.departmentIds },
        requestId: actor.requestId,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'username_taken', 'That username is taken');
    throw error;
  }
}
