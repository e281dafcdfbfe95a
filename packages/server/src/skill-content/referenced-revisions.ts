import { inArray, isNotNull, sql } from 'drizzle-orm';
import type { ReferencedRevisions } from '../content/prune-packages.js';
import type { SkilldockDatabase } from '../db/database.js';
import { boundSkillVersions, skillRevisions, skills } from '../db/schema.js';

/**
 * Every content revision the database still references (content/README.md `referencedRevisions`):
 * the current `content_ref` of shared and agent-bound skills, and the released versions of
 * agent-bound skills (SPEC Y6), and the history of shared and personal skills. Whatever else sits in the package store is pruned once no lease
 * holds it. Given `candidates` (a save or a delete pruning the one or two packages it touched),
 * only those are looked up, so the check does not read every skill and version of the platform.
 */
export function referencedRevisions(db: SkilldockDatabase): ReferencedRevisions {
  return async (candidates) => {
    if (candidates !== undefined && candidates.length === 0) return new Set();
    const current = await db
      .select({ revision: skills.contentRef })
      .from(skills)
      .where(
        sql`${isNotNull(skills.contentRef)} and ${skills.kind} in ('shared', 'agent-bound')${
          candidates === undefined ? sql`` : sql` and ${inArray(skills.contentRef, [...candidates])}`
        }`,
      );
    const released = await db
      .selectDistinct({ revision: boundSkillVersions.revision })
      .from(boundSkillVersions)
      .where(candidates === undefined ? undefined : inArray(boundSkillVersions.revision, [...candidates]));
    const history = await db
      .selectDistinct({ revision: skillRevisions.revision })
      .from(skillRevisions)
      .where(candidates === undefined ? undefined : inArray(skillRevisions.revision, [...candidates]));
    return new Set(
      [...current, ...released, ...history].flatMap((row) => (row.revision === null ? [] : [row.revision])),
    );
  };
}
