import { and, eq } from 'drizzle-orm';
import { agentFor, lockAgent } from '../agents/agent-for.js';
import { recordAudit } from '../audit/record-audit.js';
import { type ContentLayout, prunePackages } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { boundSkillVersions } from '../db/schema.js';
import { referencedRevisions } from '../skill-content/referenced-revisions.js';
import { publicErrorMessage } from '../text/public-error-message.js';
import type { BoundSkillActor } from './bound-skill-actor.js';
import { boundSkillNotFound, versionNotFound } from './bound-skill-errors.js';
import { loadBoundSkillOfAgent } from './bound-skill-records.js';

/**
 * Deletes a released version of an agent's bound skill (SPEC Y6) in one audited transaction
 * (`bound_skill.version_deleted`) under the agent's row lock, then prunes its package unless the
 * skill's current content or another version still references it. Returns the prune's warnings
 * (a failed prune never undoes the delete).
 */
export async function deleteBoundSkillVersion(
  db: SkilldockDatabase,
  layout: ContentLayout,
  options: { readonly agentId: string; readonly name: string; readonly actor: BoundSkillActor },
): Promise<readonly string[]> {
  const { agentId, name, actor } = options;
  const revision = await db.transaction(async (tx) => {
    await lockAgent(tx, agentId);
    await agentFor(tx, actor.viewer, agentId, 'edit');
    const skill = await loadBoundSkillOfAgent(tx, agentId);
    if (skill === null) throw boundSkillNotFound(agentId);
    const [deleted] = await tx
      .delete(boundSkillVersions)
      .where(and(eq(boundSkillVersions.skillId, skill.id), eq(boundSkillVersions.name, name)))
      .returning();
    if (deleted === undefined) throw versionNotFound(name);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'bound_skill.version_deleted',
      targetType: 'skill',
      targetId: skill.id,
      requestId: actor.requestId,
      details: { agentId, version: name, revision: deleted.revision },
    });
    return deleted.revision;
  });
  try {
    await prunePackages(layout, referencedRevisions(db), { only: [revision] });
    return [];
  } catch (error) {
    return [`The package ${revision} was not pruned: ${publicErrorMessage(error)}`];
  }
}
