import { isNotNull, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { boundSkillVersions, skills } from '../db/schema.js';

/**
 * Every content revision the database still references (content/README.md `referencedRevisions`):
 * the current `content_ref` of shared and agent-bound skills, and the released versions of
 * agent-bound skills (SPEC Y6). Whatever else sits in the package store is pruned once no lease
 * holds it.
 */
export function referencedRevisions(db: SkilldockDatabase): () => Promise<ReadonlySet<string>> {
  return async () => {
    const current = await db
      .select({ revision: skills.contentRef })
      .from(skills)
      .where(sql`${isNotNull(skills.contentRef)} and ${skills.kind} in ('shared', 'agent-bound')`);
    const released = await db
      .selectDistinct({ revision: boundSkillVersions.revision })
      .from(boundSkillVersions);
    return new Set([...current, ...released].flatMap((row) => (row.revision === null ? [] : [row.revision])));
  };
}
