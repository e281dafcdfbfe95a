import {
  type CollectedPackageFiles,
  collectPackageFiles,
  computeFileRevision,
} from '@skilldock/core/package';
import { assertContentFolder } from './assert-content-folder.js';
import { refusedEntryError } from './refused-entry-error.js';

/** One entry of a skill's file tree, as the editor shows it (SPEC Y5). */
export type ContentTreeEntry =
  | { readonly type: 'directory'; readonly path: string }
  | {
      readonly type: 'file';
      readonly path: string;
      readonly size: number;
      readonly executable: boolean;
      /** `sha256:` and the hex SHA-256 of the bytes: what a single-file write sends back. */
      readonly sha256: string;
    };

/** A skill's file tree. */
export interface ContentTree {
  /** Folders and files in the byte order of their paths. */
  readonly entries: readonly ContentTreeEntry[];
  readonly totalBytes: number;
  /** Skipped noise and large files, one sentence each. */
  readonly warnings: readonly string[];
}

/**
 * Lists a skill folder for the editor (SPEC Y5) under the P2 rules, following no link (SPEC Y15): a
 * link, special file or secret anywhere in it is a `SecurityError` naming it (`symlink_refused`,
 * `special_file`, `secret_in_package`), never an entry that could be read through.
 * @example const { entries } = await listContentTree(packageFolder);
 */
export async function listContentTree(directory: string): Promise<ContentTree> {
  const collected = await checkContentTree(directory);
  const files = await Promise.all(
    collected.files.map(
      async (file): Promise<ContentTreeEntry> => ({
        type: 'file',
        path: file.path,
        size: file.size,
        executable: file.executable,
        sha256: await computeFileRevision(file.absolutePath),
      }),
    ),
  );
  const entries: ContentTreeEntry[] = [
    ...collected.directories.map((entry): ContentTreeEntry => ({ type: 'directory', path: entry })),
    ...files,
  ].sort((left, right) => Buffer.compare(Buffer.from(left.path), Buffer.from(right.path)));
  return { entries, totalBytes: collected.totalBytes, warnings: collected.warnings };
}

/**
 * The checks of {@link listContentTree} without hashing any file: `directory` is a real folder and
 * holds no link, special file or secret anywhere (the same errors). Returns what was collected.
 * @example await checkContentTree(personalSkillFolder); // before answering anything about it
 */
export async function checkContentTree(directory: string): Promise<CollectedPackageFiles> {
  await assertContentFolder(directory);
  const collected = await collectPackageFiles(directory);
  const refused = refusedEntryError(collected, `${directory} cannot be listed`);
  if (refused !== undefined) throw refused;
  return collected;
}
