import { SkilldockError } from '@skilldock/core/errors';
import {
  type ContentLayout,
  packageDirectory,
  type SaveSkillPackageResult,
  saveSkillPackage,
  writeSkillFile,
} from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { commitSkillRevision } from './commit-skill-revision.js';
import { type EditableSkill, editSummary, type SaveOutcome } from './editable-skill.js';
import { referencedRevisions } from './referenced-revisions.js';
import { currentSkillRevision } from './skill-revision.js';

function outcome(result: SaveSkillPackageResult<void>): SaveOutcome {
  const { revision, baseRevision, changed, index } = result;
  return { revision, baseRevision, changed, index };
}

/** How often {@link currentPackage} follows a skill that keeps moving on before it gives up. */
const MOVED_ON_RETRIES = 3;

/**
 * The package of `revision`, the skill's current one when the caller read its row — or, when a
 * save, restore or delete committed since and pruned that package, of the skill's revision now: a
 * read then shows the content that is current, and a save from the old base is a conflict (409)
 * instead of a missing package (404). A package missing while the row still names it stays an error.
 */
async function currentPackage(
  db: SkilldockDatabase,
  layout: ContentLayout,
  skillId: string,
  revision: string,
): Promise<{ readonly revision: string; readonly directory: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { revision, directory: await packageDirectory(layout, revision) };
    } catch (error) {
      if (
        !SkilldockError.isInstance(error) ||
        error.code !== 'package_not_found' ||
        attempt >= MOVED_ON_RETRIES
      )
        throw error;
      const now = await currentSkillRevision(db, skillId).catch(() => revision);
      if (now === revision) throw error;
      revision = now;
    }
  }
}

/**
 * A shared skill as the edit routes see it: its current package, saved copy-on-write into a new
 * package whose reference is swapped with a compare-and-swap on the row (`commitSkillRevision`).
 */
export async function sharedEditableSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  skillId: string,
  readRevision: string,
): Promise<EditableSkill> {
  const { revision, directory } = await currentPackage(db, layout, skillId, readRevision);
  const referenced = referencedRevisions(db);
  return {
    id: skillId,
    directory,
    revision,
    save: async (baseRevision, edits, actor) =>
      outcome(
        await saveSkillPackage(layout, {
          baseRevision,
          currentRevision: revision,
          edits,
          commit: commitSkillRevision(db, skillId, {
            actor: actor.viewer,
            action: 'skill.saved',
            requestId: actor.requestId,
            details: editSummary(edits),
          }),
          referencedRevisions: referenced,
        }),
      ),
    writeFile: async (write, actor) =>
      outcome(
        await writeSkillFile(layout, {
          currentRevision: () => currentSkillRevision(db, skillId),
          path: write.path,
          content: write.content,
          sha256: write.sha256,
          commit: commitSkillRevision(db, skillId, {
            actor: actor.viewer,
            action: 'skill.file_written',
            requestId: actor.requestId,
            details: { path: write.path },
          }),
          referencedRevisions: referenced,
        }),
      ),
  };
}
