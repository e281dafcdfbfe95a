import { SkilldockError } from '@skilldock/core/errors';
import type { ContentLayout } from './content-layout.js';
import type { ReferencedRevisions } from './prune-packages.js';
import type { PackagePublishFaults } from './publish-packages.js';
import {
  type SavedSkillContent,
  type SaveSkillPackageResult,
  saveSkillPackage,
} from './save-skill-package.js';
import type { EditContent } from './skill-edit.js';

/** Options of {@link writeSkillFile}. */
export interface WriteSkillFileOptions<T> {
  /** Reads the skill's current revision from the database (called again on every attempt). */
  readonly currentRevision: () => Promise<string>;
  readonly path: string;
  readonly content: EditContent;
  /** `sha256:<hex>` of the file as the editor loaded it: the only thing this write is checked against. */
  readonly sha256: string;
  readonly commit: (saved: SavedSkillContent) => Promise<T>;
  readonly referencedRevisions: ReferencedRevisions;
  /** Attempts when another save of another file moved the revision on; default 3. */
  readonly attempts?: number;
  readonly faults?: PackagePublishFaults;
}

/**
 * A single-file edit of a packaged skill (SPEC Y5: it checks that file's SHA-256, not the whole
 * revision): a save of one `write` edit from the current revision. When the commit's
 * compare-and-swap loses to a save that changed other files, it starts again from the new current
 * revision, where the file's SHA-256 decides: unchanged, the write goes on; changed, `file_changed`.
 * @throws ConflictError `file_changed`, or `revision_conflict` after `attempts` lost races.
 * @example await writeSkillFile(layout, { currentRevision, path: 'SKILL.md', content, sha256, commit, referencedRevisions });
 */
export async function writeSkillFile<T>(
  layout: ContentLayout,
  options: WriteSkillFileOptions<T>,
): Promise<SaveSkillPackageResult<T>> {
  const attempts = Math.max(1, options.attempts ?? 3);
  for (let attempt = 1; ; attempt++) {
    const base = await options.currentRevision();
    try {
      return await saveSkillPackage(layout, {
        baseRevision: base,
        currentRevision: base,
        edits: [{ type: 'write', path: options.path, content: options.content, sha256: options.sha256 }],
        commit: options.commit,
        referencedRevisions: options.referencedRevisions,
        ...(options.faults === undefined ? {} : { faults: options.faults }),
      });
    } catch (error) {
      if (attempt >= attempts || !SkilldockError.isInstance(error) || error.code !== 'revision_conflict')
        throw error;
    }
  }
}
