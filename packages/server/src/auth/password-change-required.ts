import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { auditLog, systemEvents } from '../db/schema.js';

/**
 * Whether `userId` must choose a password of their own before anything else (SPEC Y1, O4): they
 * still sign in with the one-time password the first start generated, or with a password someone
 * else set — an admin who created the account or reset its password — and have not changed it
 * since. Read from what is recorded anyway (the start's system event, the audit log), so no column
 * can drift from it. The web app asks for a new password before anything else; the API does not
 * refuse other calls (scripts with tokens keep working).
 */
export async function passwordChangeRequired(db: SkilldockDatabase, userId: string): Promise<boolean> {
  // The latest event that set this account's password: by its owner, or by someone else.
  const [latest] = await db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, userId),
        inArray(auditLog.action, ['user.created', 'user.updated', 'user.password_changed']),
        sql`(${auditLog.action} <> 'user.updated' or ${auditLog.details}->>'passwordReset' = 'true')`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (latest !== undefined) return latest.action !== 'user.password_changed' && latest.actorId !== userId;
  const [created] = await db
    .select({ id: systemEvents.id })
    .from(systemEvents)
    .where(
      and(
        eq(systemEvents.kind, 'superadmin_created'),
        sql`${systemEvents.details}->>'userId' = ${userId}`,
        sql`${systemEvents.details}->>'oneTimePassword' = 'true'`,
      ),
    )
    .limit(1);
  return created !== undefined;
}
