import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readRegularFile } from '@skilldock/core/format';
import {
  type CollectedPackageFiles,
  collectPackageFiles,
  DEFAULT_ARCHIVE_LIMITS,
} from '@skilldock/core/package';
import { assertContentFolder } from './assert-content-folder.js';
import { readFailure } from './read-failure.js';
import { refusedEntryError } from './refused-entry-error.js';

/**
 * Copies a skill folder to `destination` (which must not exist; its parent must) under the P2
 * rules, never following a link (SPEC Y15): noise (`.git`, `node_modules`, …) is left behind; a
 * link, special file or secret anywhere refuses the whole copy before anything is written
 * (`symlink_refused`, `special_file`, `secret_in_package`), and so does a link at `source` itself.
 * Each file is read through core's `readRegularFile` (opened without following a link) and written
 * with `wx`; the executable bit is kept. Returns what was collected.
 * @example await copyContentTree(basePackage, workFolder);
 */
export async function copyContentTree(source: string, destination: string): Promise<CollectedPackageFiles> {
  await assertContentFolder(source);
  const collected = await collectPackageFiles(source);
  const refused = refusedEntryError(collected, `Refusing to copy ${source}`);
  if (refused !== undefined) throw refused;
  await mkdir(destination);
  for (const directory of collected.directories)
    await mkdir(path.join(destination, ...directory.split('/')), { recursive: true });
  for (const file of collected.files) {
    const read = readRegularFile(file.absolutePath, { maxBytes: DEFAULT_ARCHIVE_LIMITS.maxExpandedBytes });
    if (!read.ok) throw readFailure(read, file.path);
    await writeFile(path.join(destination, ...file.path.split('/')), read.bytes, {
      flag: 'wx',
      mode: file.executable ? 0o755 : 0o644,
    });
  }
  return collected;
}
