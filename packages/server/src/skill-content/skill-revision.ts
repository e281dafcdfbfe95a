import { eq } from 'drizzle-orm';
import { revisionConflict } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';

/**
 * The current content revision of a shared skill (its row's `content_ref`). A row that vanished or
 * lost its content meanwhile is a conflict: the editor reloads.
 */
export async function currentSkillRevision(db: SkilldockDatabase, skillId: string): Promise<string> {
  const [row] = await db.select({ revision: skills.contentRef }).from(skills).where(eq(skills.id, skillId));
  if (row?.revision === undefined || row.revision === null) throw revisionConflict('(none)');
  return row.revision;
}
