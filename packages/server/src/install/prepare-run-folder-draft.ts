import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { isSafeSkillId } from '@skilldock/core/fs';
import { DEFAULT_ARCHIVE_LIMITS } from '@skilldock/core/package';
import {
  type ContentDraft,
  type ContentLayout,
  exportSkillArchive,
  prepareUploadDraft,
} from '../content/index.js';
import { resolveContentPath } from '../content/resolve-content-path.js';
import { listRunFiles } from '../run-tools/list-run-files.js';

/** Options of {@link prepareRunFolderDraft}. */
export interface PrepareRunFolderDraftOptions {
  /** Clock of the draft's `createdAt`/`expiresAt`; default now. */
  readonly now?: () => Date;
}

/**
 * Prepares an install draft from a folder of a run's work folder (issue 24 item 3, "Save as
 * personal skill"): the folder is resolved inside the work folder without following anything
 * (SPEC Y15, SEC1), counted against the archive budget before a byte is copied, copied and packed
 * as a P2 bundle (links, special files and secrets refuse the whole folder), and that bundle goes
 * through the very upload path (`prepareUploadDraft`: the P3 import, the draft store). `folder` is
 * the folder {@link resolveRunFolder} found.
 * @throws UserInputError `no_skill_file`; SecurityError `symlink_refused`, `too_many_entries`,
 *   `archive_too_large_expanded`, `secret_in_package`, and the upload's refusals.
 * @example const draft = await prepareRunFolderDraft(layout, await resolveRunFolder(workFolder, 'pdf'));
 */
export async function prepareRunFolderDraft(
  layout: ContentLayout,
  { directory, folder }: RunFolder,
  { now }: PrepareRunFolderDraftOptions = {},
): Promise<ContentDraft> {
  const limits = DEFAULT_ARCHIVE_LIMITS;
  // Counted first, so a folder of a million files is refused without copying any of them.
  const listing = await listRunFiles(directory, { maxFiles: limits.maxEntries, maxDepth: limits.maxDepth });
  if (listing.truncated)
    throw new SecurityError(
      'too_many_entries',
      `${displayFolder(folder)} holds more than ${limits.maxEntries} files or is deeper than ${limits.maxDepth} folders; a skill may not.`,
      { details: { entry: displayFolder(folder), limit: limits.maxEntries, actual: limits.maxEntries + 1 } },
    );
  const totalBytes = listing.files.reduce((sum, file) => sum + file.size, 0);
  if (totalBytes > limits.maxExpandedBytes)
    throw new SecurityError(
      'archive_too_large_expanded',
      `${displayFolder(folder)} holds ${totalBytes} bytes; a skill may hold ${limits.maxExpandedBytes}.`,
      { details: { entry: displayFolder(folder), limit: limits.maxExpandedBytes, actual: totalBytes } },
    );
  const base = folder === '' ? '' : path.posix.basename(folder);
  const folderName = isSafeSkillId(base) ? base : 'skill';
  const bundle = await exportSkillArchive(layout, directory, folderName);
  return prepareUploadDraft(
    layout,
    { fileName: bundle.fileName, bytes: bundle.bytes },
    { ...(now ? { now } : {}) },
  );
}

/** A folder of a run's files: as asked for (`''`: the work folder itself) and where it is. */
export interface RunFolder {
  readonly folder: string;
  readonly directory: string;
}

/**
 * The folder `folder` (a relative POSIX path, `''` or `.` for the work folder itself) names inside
 * `workFolder`, walked from the work folder down without following anything (SPEC Y15, SEC1).
 * @throws UserInputError `unsafe_file_path` (`..`, absolute, percent-encoded, …), `path_not_found`,
 *   `not_a_directory`; SecurityError `symlink_refused`.
 */
export async function resolveRunFolder(workFolder: string, requested: string): Promise<RunFolder> {
  const folder = requested === '.' ? '' : requested;
  if (folder === '') {
    const root = await resolveContentPath(path.dirname(workFolder), path.basename(workFolder));
    if (root.stats === undefined)
      throw new UserInputError('path_not_found', 'The run left no files.', { details: { path: '' } });
    return { folder, directory: root.absolutePath };
  }
  const resolved = await resolveContentPath(workFolder, folder);
  if (resolved.stats === undefined)
    throw new UserInputError('path_not_found', `The run has no folder ${JSON.stringify(folder)}.`, {
      details: { path: folder },
    });
  if (!resolved.stats.isDirectory())
    throw new UserInputError('not_a_directory', `${JSON.stringify(folder)} is not a folder of the run.`, {
      details: { path: folder },
    });
  return { folder, directory: resolved.absolutePath };
}

function displayFolder(folder: string): string {
  return folder === '' ? 'The run folder' : JSON.stringify(folder);
}
