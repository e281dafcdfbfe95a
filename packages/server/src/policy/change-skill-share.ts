import { sql } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { assertShareMembersExist } from './assert-share-members-exist.js';
import { plainShareConfig, type ShareConfig } from './share-config.js';
import { shareableSkill } from './shareable-skill.js';
import { writeShareConfig } from './write-share-config.js';

/**
 * Replaces the read and manage scopes of the skill `id` (SPEC Y3, Y14) in one transaction holding
 * the skill's row lock, re-checking there that the actor may share it (so a reader can never widen
 * its own access and two managers' changes apply one after the other). The `skill.share_changed`
 * audit entry records the scopes before and after.
 */
export async function changeSkillShare(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  config: ShareConfig,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from skills where id = ${id} for update`);
    const before = plainShareConfig(await shareableSkill(tx, actor.viewer, id));
    await assertShareMembersExist(tx, config);
    await writeShareConfig(tx, id, config);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'skill.share_changed',
      targetType: 'skill',
      targetId: id,
      requestId: actor.requestId,
      details: { before, after: config },
    });
  });
}
