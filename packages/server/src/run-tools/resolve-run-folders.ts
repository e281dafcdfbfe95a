import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { isPathInside } from '@skilldock/core/format';
import './error-codes.js';

/** The real paths of a run's folders, checked; a read-only folder that does not exist is left out. */
export interface RunFolders {
  readonly workFolder: string;
  readonly projectionDirectory?: string;
  readonly workspaceDirectory?: string;
}

/** Host folders whose contents no run folder may include (they would come with it). */
const HOST_FOLDERS = ['/usr', '/etc', '/proc', '/dev', '/sys', '/boot', '/root', '/home', '/var'];

/**
 * Resolves a run's folders to real paths (SPEC Y15): each must be a real folder, not itself a link
 * (`symlink_refused`) — except that a projection or workspace not made yet (a user with no skills) is
 * simply not there; the work folder may neither hold nor lie inside a read-only folder, and no
 * folder may hold the host's system folders — `/` as a workspace would hand the host to the model
 * (`run_folders_invalid`).
 */
export async function resolveRunFolders(given: {
  readonly workFolder: string;
  readonly projectionDirectory: string;
  readonly workspaceDirectory?: string | undefined;
}): Promise<RunFolders> {
  const real = async (field: string, folder: string, optional: boolean): Promise<string | undefined> => {
    const absolute = path.resolve(folder);
    const stats = await lstat(absolute).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (stats?.isSymbolicLink())
      throw new SecurityError(
        'symlink_refused',
        `${field} ${absolute} is a symbolic link; run folders are never links.`,
        {
          details: { field, path: absolute },
        },
      );
    if (stats === undefined && optional) return undefined;
    if (stats === undefined || !stats.isDirectory())
      throw new UserInputError('run_folders_invalid', `${field} ${absolute} is not an existing folder.`, {
        details: { field, path: absolute },
      });
    const resolved = await realpath(absolute);
    if (HOST_FOLDERS.some((host) => isPathInside(host, resolved)))
      throw new UserInputError('run_folders_invalid', `${field} ${resolved} holds host system folders.`, {
        details: { field, path: resolved },
      });
    return resolved;
  };
  const workFolder = (await real('workFolder', given.workFolder, false))!;
  const projectionDirectory = await real('projectionDirectory', given.projectionDirectory, true);
  const workspaceDirectory =
    given.workspaceDirectory === undefined
      ? undefined
      : await real('workspaceDirectory', given.workspaceDirectory, true);
  for (const [field, folder] of [
    ['projectionDirectory', projectionDirectory],
    ['workspaceDirectory', workspaceDirectory],
  ] as const) {
    if (folder !== undefined && (isPathInside(workFolder, folder) || isPathInside(folder, workFolder)))
      throw new UserInputError(
        'run_folders_invalid',
        `The work folder ${workFolder} and ${field} ${folder} overlap: a run could write what it may only read.`,
        { details: { field, path: folder } },
      );
  }
  return {
    workFolder,
    ...(projectionDirectory === undefined ? {} : { projectionDirectory }),
    ...(workspaceDirectory === undefined ? {} : { workspaceDirectory }),
  };
}
