import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';

/**
 * Enables or disables the skill `id` (already authorized: the policy's `toggle`) with its
 * `skill.enabled` or `skill.disabled` audit entry, in one transaction (SPEC Y3, Y14).
 */
export async function setSkillEnabled(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  enabled: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(skills).set({ enabled, updatedAt: new Date() }).where(eq(skills.id, id));
    await recordAudit(tx, {
      actor: actor.viewer,
      action: enabled ? 'skill.enabled' : 'skill.disabled',
      targetType: 'skill',
      targetId: id,
      requestId: actor.requestId,
    });
  });
}
