import { lstat } from 'node:fs/promises';
import { SecurityError } from '@skilldock/core/errors';
import { proveInside } from '@skilldock/core/fs';
import type { CuratorPaths } from './curator-paths.js';

/**
 * Proves, before anything moves, that the skills folder and the archive are inside the project on
 * real paths and are not themselves links (SPEC SEC1): a `.skilldock/archived-skills` that links to
 * `/tmp` would otherwise carry the user's skills out of the project.
 * @throws SecurityError `path_outside_folder` or `symlink_refused`; nothing was touched then.
 */
export async function checkCuratorFolders(paths: CuratorPaths): Promise<void> {
  await checkFoldersInside(paths.projectRoot, [paths.skillsDirectory, paths.archiveDirectory]);
}

/** {@link checkCuratorFolders} for any folders: each inside `projectRoot` on real paths, none a link. */
export async function checkFoldersInside(projectRoot: string, folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    const real = await proveInside(folder, projectRoot);
    const stats = await lstat(real).catch(() => undefined);
    if (stats !== undefined && !stats.isDirectory()) {
      throw new SecurityError(
        'symlink_refused',
        `${folder} is ${stats.isSymbolicLink() ? 'a link' : 'not a folder'}; skills move only between real folders inside the project. Nothing was changed.`,
        { details: { path: folder } },
      );
    }
  }
}
