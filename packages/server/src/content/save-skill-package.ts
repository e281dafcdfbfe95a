import path from 'node:path';
import { ConflictError, SecurityError, SkilldockError } from '@skilldock/core/errors';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { applySkillEdits } from './apply-skill-edits.js';
import { checkContentBudget } from './check-content-budget.js';
import type { ContentLayout } from './content-layout.js';
import { copyContentTree } from './copy-content-tree.js';
import { packageDirectory } from './package-directory.js';
import { withPackageStoreLock, writePackageLease } from './package-lease.js';
import { revisionFolderName } from './package-revision.js';
import { type ReferencedRevisions, releaseAndPrune } from './prune-packages.js';
import { type PackagePublishFaults, publishPackages } from './publish-packages.js';
import type { SkillEdit } from './skill-edit.js';
import { readSkillIndexEntry, type SkillIndexEntry } from './skill-index-entry.js';
import { createWorkFolder } from './work-folder.js';

/** A saved skill content, as the commit sees it and the save returns it. */
export interface SavedSkillContent {
  /** The new package's revision (the base's when nothing changed). */
  readonly revision: string;
  readonly baseRevision: string;
  /** Name, description, version and dependencies to write to the index row. */
  readonly index: SkillIndexEntry;
  /** False when the edits left the content as it was: no package, no commit. */
  readonly changed: boolean;
}

/** Options of {@link saveSkillPackage}. */
export interface SaveSkillPackageOptions<T> {
  /** The revision the editor loaded the skill at. */
  readonly baseRevision: string;
  /**
   * The skill's revision in the database now, when the caller has it: a different base is refused
   * before any work. The commit's compare-and-swap decides either way.
   */
  readonly currentRevision?: string;
  /** Every change of the save (files and the dependency form), applied in order. */
  readonly edits: readonly SkillEdit[];
  /**
   * Swaps the reference: `UPDATE skills SET revision = saved.revision, … WHERE id = ? AND revision =
   * saved.baseRevision`, throwing `revisionConflict(…)` when no row was updated. A throw removes
   * the new package again.
   */
  readonly commit: (saved: SavedSkillContent) => Promise<T>;
  /** Every revision the database references now (for pruning). */
  readonly referencedRevisions: ReferencedRevisions;
  readonly faults?: PackagePublishFaults;
}

/** The result of {@link saveSkillPackage}. */
export interface SaveSkillPackageResult<T> extends SavedSkillContent {
  /** What `commit` returned; absent when nothing changed. */
  readonly result?: T;
  readonly warnings: readonly string[];
}

/**
 * Saves edits of a packaged skill (shared, agent-bound) as a NEW immutable package, copy-on-write
 * from the base package (SPEC Y5, P8): the base is leased (prune leaves it) and copied into a private
 * work folder, its integrity checked against its revision, the edits applied, the P3 budget
 * re-checked, the SKILL.md re-read for the index; then the package is published and `commit` swaps
 * the reference. A stale base, an edit that fails, a budget exceeded or a commit that lost the race
 * leaves nothing behind: no package, no work folder.
 * @throws ConflictError `revision_conflict`, `file_changed`, `entry_exists`; UserInputError and
 *   SecurityError from the edits, the budget and the SKILL.md.
 * @example
 * const saved = await saveSkillPackage(layout, { baseRevision, edits, commit, referencedRevisions });
 */
export async function saveSkillPackage<T>(
  layout: ContentLayout,
  options: SaveSkillPackageOptions<T>,
): Promise<SaveSkillPackageResult<T>> {
  const { baseRevision } = options;
  revisionFolderName(baseRevision);
  if (options.currentRevision !== undefined && options.currentRevision !== baseRevision)
    throw revisionConflict(baseRevision, options.currentRevision);
  const lease = await withPackageStoreLock(layout, async () => {
    try {
      await packageDirectory(layout, baseRevision);
    } catch (error) {
      // A base nothing references was pruned after another save won: that save is the conflict.
      if (SkilldockError.isInstance(error) && error.code === 'package_not_found') {
        const referenced = await options.referencedRevisions([baseRevision]);
        if (!referenced.has(baseRevision)) throw revisionConflict(baseRevision);
      }
      throw error;
    }
    return writePackageLease(layout, baseRevision);
  });
  const work = await createWorkFolder(layout).catch(async (error: unknown) => {
    await lease.release();
    throw error;
  });
  try {
    const skill = path.join(work.directory, 'skill');
    const { revision: copied } = await copyContentTree(await packageDirectory(layout, baseRevision), skill);
    if (copied !== baseRevision)
      throw new SecurityError(
        'digest_mismatch',
        `The package ${baseRevision} does not hash to its revision (${copied}); it was changed on disk.`,
        { details: { revision: baseRevision, actualRevision: copied } },
      );
    // The copy is made: the base may be pruned once the new reference is committed.
    await releaseAndPrune(layout, lease, options.referencedRevisions);
    await applySkillEdits(skill, options.edits);
    await checkContentBudget(skill);
    const index = await readSkillIndexEntry(skill);
    const revision = await computeDirectoryRevision(skill);
    if (revision === baseRevision) return { revision, baseRevision, index, changed: false, warnings: [] };
    const published = await publishPackages(layout, {
      sources: [skill],
      commit: ([saved = revision]) => options.commit({ revision: saved, baseRevision, index, changed: true }),
      referencedRevisions: options.referencedRevisions,
      ...(options.faults === undefined ? {} : { faults: options.faults }),
    });
    return {
      revision: published.revisions[0] ?? revision,
      baseRevision,
      index,
      changed: true,
      result: published.result,
      warnings: published.warnings,
    };
  } finally {
    await work.dispose();
    await releaseAndPrune(layout, lease, options.referencedRevisions);
  }
}

/**
 * The conflict a save answers when its base is not the current revision (the route's 409): the
 * editor keeps its unsaved changes and reloads. A commit throws it when its compare-and-swap
 * updated no row.
 */
export function revisionConflict(baseRevision: string, currentRevision?: string): ConflictError {
  return new ConflictError(
    'revision_conflict',
    `The skill changed since it was loaded (loaded at ${baseRevision}${currentRevision === undefined ? '' : `, now ${currentRevision}`}); nothing was saved. Reload it, check the changes, and save again.`,
    { details: { baseRevision, ...(currentRevision === undefined ? {} : { currentRevision }) } },
  );
}
