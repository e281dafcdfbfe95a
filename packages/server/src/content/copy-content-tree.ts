import { createHash } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readRegularFile } from '@skilldock/core/format';
import {
  type CollectedPackageFiles,
  collectPackageFiles,
  DEFAULT_ARCHIVE_LIMITS,
  type DirectoryRevisionRecord,
  directoryRevisionOfRecords,
} from '@skilldock/core/package';
import { assertContentFolder } from './assert-content-folder.js';
import { readFailure } from './read-failure.js';
import { refusedEntryError } from './refused-entry-error.js';

/** What {@link copyContentTree} collected and copied. */
export interface CopiedContentTree extends CollectedPackageFiles {
  /** `computeDirectoryRevision` of the copy, from the bytes that were written. */
  readonly revision: string;
  /**
   * `computeDirectoryRevision` of the source as it was copied (the same bytes, the source's
   * executable bits): the copy's revision unless the umask dropped an owner-execute bit.
   */
  readonly sourceRevision: string;
}

/** Files below this size are written synchronously: the promise API costs more than the write. */
const SYNC_WRITE_BYTES = 256 * 1024;

/**
 * Whether the process umask leaves a new file's owner-execute bit alone (any usual umask does). The
 * revision describes the copy as written, so it is read from the first copy this process makes.
 */
let umaskKeepsOwnerExecute: boolean | undefined;

/**
 * Copies a skill folder to `destination` (which must not exist; its parent must) under the P2
 * rules, never following a link (SPEC Y15): noise (`.git`, `node_modules`, …) is left behind; a
 * link, special file or secret anywhere refuses the whole copy before anything is written
 * (`symlink_refused`, `special_file`, `secret_in_package`), and so does a link at `source` itself.
 * Each file is read through core's `readRegularFile` (opened without following a link) and written
 * with `wx`; the executable bit is kept. Returns what was collected and the revisions of the copy
 * and of the source, hashed from the bytes copied, so a caller does not walk and read either again.
 * @example const { revision } = await copyContentTree(basePackage, workFolder);
 */
export async function copyContentTree(source: string, destination: string): Promise<CopiedContentTree> {
  await assertContentFolder(source);
  const collected = await collectPackageFiles(source);
  const refused = refusedEntryError(collected, `Refusing to copy ${source}`);
  if (refused !== undefined) throw refused;
  await mkdir(destination);
  umaskKeepsOwnerExecute ??= (statSync(destination).mode & 0o100) !== 0;
  const records: DirectoryRevisionRecord[] = [];
  for (const directory of collected.directories) {
    await mkdir(path.join(destination, ...directory.split('/')), { recursive: true });
    records.push({ path: directory, type: 'directory' });
  }
  const sourceRecords: DirectoryRevisionRecord[] = [...records];
  for (const file of collected.files) {
    const read = readRegularFile(file.absolutePath, { maxBytes: DEFAULT_ARCHIVE_LIMITS.maxExpandedBytes });
    if (!read.ok) throw readFailure(read, file.path);
    const target = path.join(destination, ...file.path.split('/'));
    const options = { flag: 'wx', mode: file.executable ? 0o755 : 0o644 } as const;
    if (read.bytes.length < SYNC_WRITE_BYTES) writeFileSync(target, read.bytes, options);
    else await writeFile(target, read.bytes, options);
    const digest = createHash('sha256').update(read.bytes).digest();
    records.push({
      path: file.path,
      type: 'file',
      executable: file.executable && umaskKeepsOwnerExecute,
      digest,
    });
    sourceRecords.push({ path: file.path, type: 'file', executable: file.executable, digest });
  }
  const revision = directoryRevisionOfRecords(records);
  const sourceRevision = umaskKeepsOwnerExecute ? revision : directoryRevisionOfRecords(sourceRecords);
  return { ...collected, revision, sourceRevision };
}
