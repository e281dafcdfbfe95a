import { eq } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';

/** What the skill routes show of a skill's index row: its id, name, description and version. */
export interface SkillSummary {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly version: string;
}

/** The summary of the skill `id`, or undefined when there is no such row. */
export async function loadSkillSummary(db: SkilldockDatabase, id: string): Promise<SkillSummary | undefined> {
  const [row] = await db
    .select({ id: skills.id, name: skills.name, description: skills.description, version: skills.version })
    .from(skills)
    .where(eq(skills.id, id));
  return row;
}

/**
 * The content package the skill `id` points at (its revision), null when it has none yet, or
 * undefined when there is no such row.
 */
export async function loadSkillContentRef(
  db: SkilldockDatabase,
  id: string,
): Promise<string | null | undefined> {
  const [row] = await db.select({ contentRef: skills.contentRef }).from(skills).where(eq(skills.id, id));
  return row?.contentRef;
}
