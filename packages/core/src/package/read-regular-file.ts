import { constants, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { SecurityError } from '../errors.js';

// O_NOFOLLOW makes the open itself refuse a link swapped in after the folder was listed.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/**
 * Opens a file that must be a regular file (never through a link), hands the handle and its
 * stats to `use`, and closes it. A link or special file is a {@link SecurityError} naming it.
 */
export async function withRegularFile<Result>(
  absolutePath: string,
  displayPath: string,
  use: (handle: FileHandle, stats: Stats) => Promise<Result>,
): Promise<Result> {
  let handle: FileHandle;
  try {
    handle = await open(absolutePath, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkError(displayPath, error);
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw new SecurityError(
        'special_file',
        `${displayPath} is not a regular file; it cannot be hashed or packaged`,
        {
          details: { path: displayPath },
        },
      );
    }
    return await use(handle, stats);
  } finally {
    await handle.close();
  }
}

/** The error for a symbolic link where only regular files and folders are allowed. */
export function symlinkError(displayPath: string, cause?: unknown): SecurityError {
  return new SecurityError(
    'symlink_refused',
    `${displayPath} is a symbolic link; skills cannot contain links — replace it with the file itself`,
    { details: { path: displayPath }, ...(cause === undefined ? {} : { cause }) },
  );
}

/** True when the owner may execute the file (the bit bundles and revisions keep). */
export function isExecutable(stats: Stats): boolean {
  return (stats.mode & 0o100) !== 0;
}
