import { lstat, rename } from 'node:fs/promises';
import path from 'node:path';
import { swapFolder, withFileLock } from '@skilldock/core/fs';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { applySkillEdits } from './apply-skill-edits.js';
import { assertContentFolder } from './assert-content-folder.js';
import { checkContentBudget } from './check-content-budget.js';
import { assertSafeUserId, type ContentLayout } from './content-layout.js';
import { copyContentTree } from './copy-content-tree.js';
import { personalSkillDirectory } from './personal-skills-directory.js';
import type { PersonalWriteFaults } from './personal-write-faults.js';
import { revisionConflict, type SavedSkillContent } from './save-skill-package.js';
import type { SkillEdit } from './skill-edit.js';
import { readSkillIndexEntry } from './skill-index-entry.js';
import { createWorkFolder } from './work-folder.js';

/** Options of {@link savePersonalSkill}. */
export interface SavePersonalSkillOptions {
  readonly userId: string;
  readonly skillId: string;
  /** The revision the editor loaded the skill at (`computeDirectoryRevision` of the folder). */
  readonly baseRevision: string;
  readonly edits: readonly SkillEdit[];
  readonly faults?: PersonalWriteFaults;
  /**
   * Called under the skill's lock with the skill's folder: `before` once the base is checked, before
   * anything changes; `after` once a changing save is in place. The history snapshots the folder
   * here, so no other save can slip in between the save and its snapshot.
   */
  readonly record?: (step: 'before' | 'after', directory: string, revision: string) => Promise<void>;
}

/**
 * Saves edits of a personal skill (SPEC Y2, Y5), which has no database row: under a per-skill lock,
 * the folder is copied into a private work folder (P2 rules: no link followed, noise such as `.git`
 * left behind, a link or secret refuses the save), its revision — of the bytes copied — must still
 * be `baseRevision` (else `revision_conflict`, nothing written), the edits applied, the P3 budget
 * and the SKILL.md checked, and the new folder renamed into place — the old one is moved aside
 * first and put back if the rename fails.
 * @throws ConflictError `revision_conflict`, `file_changed`; the edit and budget errors of a shared save.
 * @example await savePersonalSkill(layout, { userId, skillId: 'pdf', baseRevision, edits });
 */
export async function savePersonalSkill(
  layout: ContentLayout,
  options: SavePersonalSkillOptions,
): Promise<SavedSkillContent> {
  const userId = assertSafeUserId(options.userId);
  const target = await personalSkillDirectory(layout, userId, options.skillId);
  return withFileLock(personalSkillLock(layout, userId, path.basename(target)), async () => {
    await assertContentFolder(target);
    const work = await createWorkFolder(layout);
    try {
      const next = path.join(work.directory, options.skillId);
      await options.faults?.before('personal-copy', { path: next });
      // The base is checked on the bytes the copy read, under the lock: one read of the folder.
      const { sourceRevision: current } = await copyContentTree(target, next);
      if (current !== options.baseRevision) throw revisionConflict(options.baseRevision, current);
      await options.record?.('before', target, current);
      await applySkillEdits(next, options.edits);
      await checkContentBudget(next);
      const index = await readSkillIndexEntry(next);
      const revision = await computeDirectoryRevision(next);
      if (revision === current) return { revision, baseRevision: current, index, changed: false };
      // The old folder goes aside into the work folder, which its disposal deletes.
      await swapFolder(next, target, {
        keepAside: true,
        before: (step, detail) =>
          options.faults?.before(step === 'move-aside' ? 'personal-move-aside' : 'personal-rename', detail),
      });
      await options.record?.('after', target, revision);
      return { revision, baseRevision: current, index, changed: true };
    } finally {
      await work.dispose();
    }
  });
}

/**
 * Deletes a personal skill folder (SPEC Y15) under the same per-skill lock as a save, so a save in
 * flight either lands first or finds the skill gone. The folder is renamed into a private work
 * folder first — readers see the whole skill or none of it, never a half-deleted one — and removed
 * from there through core's `removeInside`: a skill folder that is a link is removed as a link and
 * its target is never touched. Returns whether there was one.
 * @throws UserInputError `invalid_user_id`, `invalid_skill_id`.
 */
export async function removePersonalSkill(
  layout: ContentLayout,
  userId: string,
  skillId: string,
): Promise<boolean> {
  const checkedUserId = assertSafeUserId(userId);
  const target = await personalSkillDirectory(layout, checkedUserId, skillId);
  return withFileLock(personalSkillLock(layout, checkedUserId, path.basename(target)), async () => {
    if ((await lstat(target).catch(() => undefined)) === undefined) return false;
    const work = await createWorkFolder(layout);
    try {
      await rename(target, path.join(work.directory, 'removed'));
    } finally {
      await work.dispose();
    }
    return true;
  });
}

/** The lock file of one personal skill: saves and removals of it take turns, across processes. */
function personalSkillLock(layout: ContentLayout, userId: string, skillId: string): string {
  return path.join(layout.locksDirectory, 'personal', userId, skillId);
}
