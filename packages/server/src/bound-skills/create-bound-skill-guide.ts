import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ContentLayout, createWorkFolder, newBoundSkillId } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import type { BoundSkillActor } from './bound-skill-actor.js';
import type { BoundSkillRow } from './bound-skill-records.js';
import { createBoundSkill } from './create-bound-skill.js';
import { minimalGuideMarkdown } from './minimal-guide.js';

/**
 * Gives an agent a bound skill holding the minimal guide (`minimalGuideMarkdown`), written in a
 * private work folder that is removed afterwards.
 */
export async function createBoundSkillGuide(
  db: SkilldockDatabase,
  layout: ContentLayout,
  options: { readonly agentId: string; readonly agentName: string; readonly actor: BoundSkillActor },
): Promise<BoundSkillRow> {
  const skillId = newBoundSkillId();
  const work = await createWorkFolder(layout);
  try {
    await writeFile(path.join(work.directory, 'SKILL.md'), minimalGuideMarkdown(skillId, options.agentName), {
      flag: 'wx',
    });
    return await createBoundSkill(db, layout, {
      agentId: options.agentId,
      skillId,
      source: work.directory,
      origin: 'guide',
      actor: options.actor,
    });
  } finally {
    await work.dispose();
  }
}
