import { and, eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { auditLog, systemEvents } from '../db/schema.js';

/**
 * Whether `userId` still signs in with the one-time password the first start generated (SPEC Y1):
 * it is the superadmin that start created with a generated password, and no password change was
 * audited for it since. The web app then asks for a new password before anything else.
 */
export async function passwordChangeRequired(db: SkilldockDatabase, userId: string): Promise<boolean> {
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
  if (created === undefined) return false;
  const [changed] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.password_changed'), eq(auditLog.targetId, userId)))
    .limit(1);
  return changed === undefined;
}
