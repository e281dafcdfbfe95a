import { constants } from 'node:fs';
import { type FileHandle, open, readlink, realpath } from 'node:fs/promises';
import { SecurityError, type SkilldockError, UserInputError } from '@skilldock/core/errors';
import { isPathInside } from '@skilldock/core/format';
import { resolveContentPath } from '../content/resolve-content-path.js';

/** A run file opened for download: read it from `handle`, then close it. */
export interface OpenedRunFile {
  readonly handle: FileHandle;
  readonly size: number;
}

/**
 * Opens one file of a run's work folder for download (SPEC Y15, Y17): the path goes through the
 * content layer's walk (no `..`, no absolute path, no link on the way or at the end), the file is
 * opened without following a link and without blocking on a FIFO, must be a regular file, and —
 * because a command still running could swap a folder for a link between the walk and the open —
 * the opened descriptor's real location must still lie inside the work folder.
 * @throws UserInputError `unsafe_file_path`, `path_not_found`, `not_a_directory`, `wrong_entry_type`;
 *   SecurityError `symlink_refused`, `path_outside_folder`.
 */
export async function openRunFile(workFolder: string, relativePath: string): Promise<OpenedRunFile> {
  const resolved = await resolveContentPath(workFolder, relativePath);
  if (resolved.stats === undefined)
    throw new UserInputError('path_not_found', `${relativePath} does not exist.`, {
      details: { path: relativePath },
    });
  if (!resolved.stats.isFile()) throw notRegular(relativePath, resolved.stats.isDirectory());
  const handle = await open(
    resolved.absolutePath,
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  ).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ELOOP')
      throw new SecurityError('symlink_refused', `${relativePath} became a symbolic link.`, {
        details: { path: relativePath },
      });
    if (error.code === 'ENOENT')
      throw new UserInputError('path_not_found', `${relativePath} does not exist.`, {
        details: { path: relativePath },
      });
    throw error;
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw notRegular(relativePath, stats.isDirectory());
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => realpath(resolved.absolutePath));
    if (!isPathInside(opened, await realpath(workFolder)))
      throw new SecurityError('path_outside_folder', `${relativePath} led outside the run's work folder.`, {
        details: { path: relativePath },
      });
    return { handle, size: stats.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function notRegular(relativePath: string, directory: boolean): SkilldockError {
  const details = { path: relativePath };
  return directory
    ? new UserInputError('wrong_entry_type', `${relativePath} is a folder, not a file.`, { details })
    : new SecurityError('special_file', `${relativePath} is not a regular file.`, { details });
}
