import { and, eq } from 'drizzle-orm';
import type { SkilldockTransaction } from '../db/database.js';
import { boundSkillVersions, skills } from '../db/schema.js';

/** What deleting an agent removed of its bound skill. */
export interface RemovedBoundSkill {
  readonly skillId: string;
  /** The packages the skill and its versions referenced: prune them once the transaction committed. */
  readonly revisions: readonly string[];
  readonly versions: number;
}

/**
 * Removes an agent's bound skill row and, by the foreign key's cascade, every released version
 * (SPEC Y2, Y6: deleting the agent removes all), in the caller's transaction — the one deleting
 * the agent. Returns what to prune after the commit, or null when the agent had none.
 */
export async function removeAgentBoundSkill(
  tx: SkilldockTransaction,
  agentId: string,
): Promise<RemovedBoundSkill | null> {
  const [skill] = await tx
    .select({ id: skills.id, revision: skills.contentRef })
    .from(skills)
    .where(and(eq(skills.agentId, agentId), eq(skills.kind, 'agent-bound')));
  if (skill === undefined) return null;
  const versions = await tx
    .select({ revision: boundSkillVersions.revision })
    .from(boundSkillVersions)
    .where(eq(boundSkillVersions.skillId, skill.id));
  await tx.delete(skills).where(eq(skills.id, skill.id));
  const revisions = new Set(versions.map((version) => version.revision));
  if (skill.revision !== null) revisions.add(skill.revision);
  return { skillId: skill.id, revisions: [...revisions].sort(), versions: versions.length };
}
