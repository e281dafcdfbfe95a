import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError } from '@skilldock/core/errors';
import { assertSafeSkillId, removeInside, swapFolder, withFileLock } from '@skilldock/core/fs';
import { assertDraftUsable, selectDraftSkills } from '@skilldock/core/install';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { draftStore, loadDraft } from './content-draft.js';
import { assertSafeUserId, type ContentLayout } from './content-layout.js';
import { copyContentTree } from './copy-content-tree.js';
import { personalSkillsDirectory } from './personal-skills-directory.js';
import type { PersonalWriteFaults } from './personal-write-faults.js';
import { readSkillIndexEntry, type SkillIndexEntry } from './skill-index-entry.js';
import { createWorkFolder } from './work-folder.js';

/** Options of {@link confirmPersonalDraft}. */
export interface ConfirmPersonalDraftOptions {
  readonly draftId: string;
  readonly userId: string;
  /** Skill ids of the draft, or `'*'` for all that prepared. */
  readonly ids: readonly string[] | '*';
  /** Default now; a draft past its hour is `draft_expired`. */
  readonly now?: Date;
  readonly faults?: PersonalWriteFaults;
}

/** One skill a personal confirm installed. */
export interface PersonalInstall {
  readonly id: string;
  /** The skill folder in the user's workspace. */
  readonly directory: string;
  readonly revision: string;
  readonly index: SkillIndexEntry;
}

/**
 * Confirms a draft into the user's workspace (SPEC Y4, P8): each chosen skill becomes
 * `<data>/workspaces/<user>/agents/skills/<id>`, no database row. All or nothing, under a per-user
 * lock: a target that exists — even an empty folder or a dangling link — fails the whole confirm
 * with `ConflictError` `skill_exists` before anything is written; each skill is copied into a
 * private folder and renamed into place, and a failure removes what this confirm placed. The draft
 * is removed on success.
 * @throws ConflictError `skill_exists`; UserInputError `draft_not_found`, `draft_expired`,
 *   `skill_not_in_draft`, `skill_failed_to_prepare`, `invalid_user_id`.
 * @example await confirmPersonalDraft(layout, { draftId, userId: user.id, ids: ['pdf'] });
 */
export async function confirmPersonalDraft(
  layout: ContentLayout,
  options: ConfirmPersonalDraftOptions,
): Promise<PersonalInstall[]> {
  const userId = assertSafeUserId(options.userId);
  const draft = await loadDraft(layout, options.draftId);
  assertDraftUsable(draft, options.now ?? new Date());
  const skills = selectDraftSkills(draft, options.ids);
  const root = await personalSkillsDirectory(layout, userId);
  const installed = await withFileLock(path.join(layout.locksDirectory, 'personal', userId), async () => {
    for (const skill of skills) {
      const target = path.join(root, assertSafeSkillId(skill.id));
      if (
        await lstat(target).then(
          () => true,
          () => false,
        )
      )
        throw new ConflictError(
          'skill_exists',
          // The server's folder stays out of the answer (SEC: no server paths to web users).
          `You already have a personal skill ${skill.id}; remove it or install under another name.`,
          { details: { id: skill.id } },
        );
    }
    const work = await createWorkFolder(layout);
    const placed: string[] = [];
    try {
      const results: PersonalInstall[] = [];
      for (const skill of skills) {
        const staged = path.join(work.directory, skill.id);
        await options.faults?.before('personal-copy', { path: staged });
        await copyContentTree(skill.directory, staged);
        const index = await readSkillIndexEntry(staged);
        const revision = await computeDirectoryRevision(staged);
        const target = path.join(root, skill.id);
        await swapFolder(staged, target, {
          folder: root,
          replace: false,
          before: (_step, detail) => options.faults?.before('personal-rename', detail),
        });
        placed.push(target);
        results.push({ id: skill.id, directory: target, revision, index });
      }
      return results;
    } catch (error) {
      for (const target of placed) await removeInside(target, root);
      throw error;
    } finally {
      await work.dispose();
    }
  });
  await draftStore(layout).cancel(draft);
  return installed;
}
