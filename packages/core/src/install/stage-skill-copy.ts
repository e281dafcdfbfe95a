import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { collectPackageFiles, type PackageFile } from '../package/collect-package-files.js';
import { withRegularFile } from '../package/read-regular-file.js';

/** A clean copy of a skill folder, or why it could not be made. */
export type StagedSkillCopy =
  | {
      readonly ok: true;
      readonly files: readonly PackageFile[];
      readonly totalBytes: number;
      /** Skipped noise and large files. */
      readonly warnings: readonly string[];
      /** Secret files left out of the copy. */
      readonly secrets: readonly string[];
    }
  | {
      readonly ok: false;
      readonly code: 'symlink_in_skill' | 'special_file_in_skill';
      readonly message: string;
    };

/**
 * Copies a skill folder to `destination` under the P2 rules (SPEC P6): noise is skipped with a
 * warning, secret files are left out and listed, and a link or special file anywhere refuses the
 * whole skill (nothing is copied). Files are opened without following links, so a link swapped in
 * after the listing cannot leak a file from elsewhere.
 */
export async function stageSkillCopy(source: string, destination: string): Promise<StagedSkillCopy> {
  const collected = await collectPackageFiles(source);
  if (collected.symlinks.length > 0)
    return {
      ok: false,
      code: 'symlink_in_skill',
      message: `The skill contains symbolic links, which are never installed: ${collected.symlinks.join(', ')}.`,
    };
  if (collected.specialFiles.length > 0)
    return {
      ok: false,
      code: 'special_file_in_skill',
      message: `The skill contains special files (sockets, pipes, devices): ${collected.specialFiles.join(', ')}.`,
    };
  await mkdir(destination, { recursive: true, mode: 0o700 });
  const secretFolders = collected.secrets.map((secret) => `${secret}/`);
  for (const directory of collected.directories)
    if (!secretFolders.some((folder) => `${directory}/`.startsWith(folder)))
      await mkdir(path.join(destination, ...directory.split('/')), { recursive: true });
  for (const file of collected.files) {
    const target = path.join(destination, ...file.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await withRegularFile(file.absolutePath, file.path, (handle) =>
      pipeline(
        handle.createReadStream({ autoClose: false, start: 0 }),
        createWriteStream(target, { flags: 'wx', mode: file.executable ? 0o755 : 0o644 }),
      ),
    );
  }
  return {
    ok: true,
    files: collected.files,
    totalBytes: collected.totalBytes,
    warnings: collected.warnings,
    secrets: collected.secrets,
  };
}
