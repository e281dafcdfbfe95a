import { lstat } from 'node:fs/promises';
import { SecurityError, UserInputError } from '@skilldock/core/errors';

/**
 * Proves that `directory` is a real folder, not a link to one (SPEC Y15): a skill or package folder
 * swapped for a link is refused with `SecurityError` `symlink_refused`; a missing one with
 * `UserInputError` `path_not_found`.
 */
export async function assertContentFolder(directory: string): Promise<void> {
  const stats = await lstat(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stats?.isSymbolicLink())
    throw new SecurityError('symlink_refused', `${directory} is a symbolic link; it is never followed.`, {
      details: { path: directory },
    });
  if (stats === undefined || !stats.isDirectory())
    throw new UserInputError('path_not_found', `${directory} is not a folder.`, {
      details: { path: directory },
    });
}
