import { isNotNull, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';

/**
 * Every content revision the database still references (content/README.md `referencedRevisions`):
 * the current `content_ref` of shared and agent-bound skills. Whatever else sits in the package
 * store is pruned once no lease holds it.
 */
export function referencedRevisions(db: SkilldockDatabase): () => Promise<ReadonlySet<string>> {
  return async () => {
    const rows = await db
      .select({ revision: skills.contentRef })
      .from(skills)
      .where(sql`${isNotNull(skills.contentRef)} and ${skills.kind} in ('shared', 'agent-bound')`);
    return new Set(rows.flatMap((row) => (row.revision === null ? [] : [row.revision])));
  };
}
