import { SkilldockError } from '@skilldock/core/errors';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { recordAudit } from '../audit/record-audit.js';
import {
  type ContentLayout,
  listContentTree,
  personalSkillDirectory,
  type SavedSkillContent,
  savePersonalSkill,
} from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { type EditableSkill, editSummary, type SaveActor, type SaveOutcome } from './editable-skill.js';

const WRITE_ATTEMPTS = 3;

/**
 * One of the caller's personal skills (SPEC Y2: a folder in its own workspace, no row): the folder
 * is found from the caller's id only, so another user's personal skill is simply not there (404).
 * Saves go through `savePersonalSkill` (a per-skill lock and the folder's revision as the base);
 * each changing save writes an audit entry (SPEC Y14).
 */
export async function personalEditableSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  userId: string,
  skillId: string,
): Promise<EditableSkill> {
  const directory = await personalSkillDirectory(layout, userId, skillId);
  await listContentTree(directory);
  const revision = await computeDirectoryRevision(directory);
  const audited = async (
    saved: SavedSkillContent,
    actor: SaveActor,
    action: string,
    details: Record<string, unknown>,
  ): Promise<SaveOutcome> => {
    if (saved.changed)
      await recordAudit(db, {
        actor: actor.viewer,
        action,
        targetType: 'personal_skill',
        targetId: skillId,
        requestId: actor.requestId,
        details: { ...details, baseRevision: saved.baseRevision, revision: saved.revision },
      });
    return saved;
  };
  return {
    id: skillId,
    directory,
    revision,
    save: async (baseRevision, edits, actor) =>
      audited(
        await savePersonalSkill(layout, { userId, skillId, baseRevision, edits }),
        actor,
        'personal_skill.saved',
        editSummary(edits),
      ),
    writeFile: async (write, actor) => {
      for (let attempt = 1; ; attempt++) {
        // The file's SHA-256 decides; a save of another file meanwhile only moves the base on.
        const base = await computeDirectoryRevision(directory);
        try {
          const saved = await savePersonalSkill(layout, {
            userId,
            skillId,
            baseRevision: base,
            edits: [{ type: 'write', path: write.path, content: write.content, sha256: write.sha256 }],
          });
          return await audited(saved, actor, 'personal_skill.file_written', { path: write.path });
        } catch (error) {
          if (
            attempt >= WRITE_ATTEMPTS ||
            !SkilldockError.isInstance(error) ||
            error.code !== 'revision_conflict'
          )
            throw error;
        }
      }
    },
  };
}
