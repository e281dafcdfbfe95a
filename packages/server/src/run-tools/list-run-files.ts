import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError } from '@skilldock/core/errors';
import { assertContentPath } from '../content/resolve-content-path.js';

/** One file a run left in its work folder. */
export interface RunFile {
  /** Relative POSIX path inside the work folder. */
  readonly path: string;
  readonly size: number;
  /** ISO 8601. */
  readonly modifiedAt: string;
}

/** An entry of the work folder that is not offered for download, and why. */
export interface SkippedRunEntry {
  readonly path: string;
  readonly reason: 'symbolic_link' | 'special_file' | 'unsafe_name' | 'unreadable_folder';
}

/** What {@link listRunFiles} found. */
export interface RunFileListing {
  /** Regular files, in the byte order of their paths. */
  readonly files: readonly RunFile[];
  /** Links, FIFOs, devices, names no download path can carry, folders that cannot be read (first 100). */
  readonly skipped: readonly SkippedRunEntry[];
  /** True when more than `maxFiles` files (or deeper than `maxDepth` folders) were left out. */
  readonly truncated: boolean;
}

/** Options of {@link listRunFiles}. */
export interface ListRunFilesOptions {
  readonly maxFiles?: number;
  readonly maxDepth?: number;
}

const MAX_SKIPPED_SHOWN = 100;

/**
 * Lists the regular files a run produced (SPEC Y17), walking its work folder without following
 * anything (SPEC Y15): a link is listed as skipped, never entered, so a link a command planted
 * can neither lead the listing out nor be downloaded; special files and names that no download
 * path could carry (control characters, `\`, device names, …) are skipped too.
 * @example const { files } = await listRunFiles(workFolder);
 */
export async function listRunFiles(
  workFolder: string,
  { maxFiles = 10_000, maxDepth = 32 }: ListRunFilesOptions = {},
): Promise<RunFileListing> {
  const files: RunFile[] = [];
  const skipped: SkippedRunEntry[] = [];
  let truncated = false;
  const skip = (entry: SkippedRunEntry) => {
    if (skipped.length < MAX_SKIPPED_SHOWN) skipped.push(entry);
  };
  const walk = async (directory: string, prefix: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EACCES' && code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      skip({ path: prefix === '' ? '.' : prefix.slice(0, -1), reason: 'unreadable_folder' });
      return;
    }
    entries.sort((left, right) => Buffer.compare(Buffer.from(left.name), Buffer.from(right.name)));
    for (const entry of entries) {
      const relative = `${prefix}${entry.name}`;
      if (!isDownloadablePath(relative)) skip({ path: relative, reason: 'unsafe_name' });
      else if (entry.isSymbolicLink()) skip({ path: relative, reason: 'symbolic_link' });
      else if (entry.isDirectory()) {
        if (depth >= maxDepth) truncated = true;
        else await walk(path.join(directory, entry.name), `${relative}/`, depth + 1);
      } else if (!entry.isFile()) skip({ path: relative, reason: 'special_file' });
      else if (files.length >= maxFiles) truncated = true;
      else {
        const stats = await lstat(path.join(directory, entry.name)).catch(() => undefined);
        if (stats?.isFile())
          files.push({ path: relative, size: stats.size, modifiedAt: stats.mtime.toISOString() });
      }
      if (truncated && files.length >= maxFiles) return;
    }
  };
  const root = await lstat(workFolder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  // A run that never wrote has no folder yet: nothing to list.
  if (root === undefined) return { files, skipped, truncated };
  if (!root.isDirectory())
    throw new SecurityError('symlink_refused', `The work folder ${workFolder} is not a real folder.`, {
      details: { path: workFolder },
    });
  await walk(workFolder, '', 0);
  return { files, skipped, truncated };
}

function isDownloadablePath(relative: string): boolean {
  try {
    assertContentPath(relative);
    return true;
  } catch {
    return false;
  }
}
