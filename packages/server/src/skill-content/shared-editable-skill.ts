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

/**
 * A shared skill as the edit routes see it: its current package, saved copy-on-write into a new
 * package whose reference is swapped with a compare-and-swap on the row (`commitSkillRevision`).
 */
export async function sharedEditableSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  skillId: string,
  revision: string,
): Promise<EditableSkill> {
  const directory = await packageDirectory(layout, revision);
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
