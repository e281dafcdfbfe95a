import { closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { SecurityError } from '../errors.js';

// O_NOFOLLOW makes the open itself refuse a link swapped in after the folder was listed.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);
// A synchronous open of a FIFO swapped in after the listing would block the whole process; with
// O_NONBLOCK it returns at once and the fstat check refuses it. Regular files ignore the flag.
const OPEN_FLAGS_SYNC = OPEN_FLAGS | (constants.O_NONBLOCK ?? 0);

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
    if (!stats.isFile()) throw notRegularError(displayPath);
    return await use(handle, stats);
  } finally {
    await handle.close();
  }
}

/**
 * {@link withRegularFile} with synchronous calls: the same refusals (never through a link, only a
 * regular file), for staging many small files where a promise per call costs more than the call.
 */
export function withRegularFileSync<Result>(
  absolutePath: string,
  displayPath: string,
  use: (descriptor: number, stats: Stats) => Result,
): Result {
  let descriptor: number;
  try {
    descriptor = openSync(absolutePath, OPEN_FLAGS_SYNC);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkError(displayPath, error);
    throw error;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw notRegularError(displayPath);
    return use(descriptor, stats);
  } finally {
    closeSync(descriptor);
  }
}

function notRegularError(displayPath: string): SecurityError {
  return new SecurityError(
    'special_file',
    `${displayPath} is not a regular file; it cannot be hashed or packaged`,
    { details: { path: displayPath } },
  );
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
