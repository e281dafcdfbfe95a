import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import type { ContentLayout } from './content-layout.js';
import { revisionFolderName } from './package-revision.js';

/**
 * The folder of the package with this revision (`<data>/packages/<64 hex>`), after checking that it
 * is a real folder (a link planted there is refused, SPEC Y15).
 * @throws UserInputError `invalid_revision`, `package_not_found`; SecurityError `symlink_refused`.
 * @example const folder = await packageDirectory(layout, row.revision);
 */
export async function packageDirectory(layout: ContentLayout, revision: string): Promise<string> {
  const folder = path.join(layout.packagesDirectory, revisionFolderName(revision));
  const stats = await lstat(folder).catch(() => undefined);
  if (stats?.isSymbolicLink()) {
    throw new SecurityError(
      'symlink_refused',
      `The package ${revision} is a symbolic link; it is never followed.`,
      {
        details: { path: folder },
      },
    );
  }
  if (stats === undefined || !stats.isDirectory())
    throw new UserInputError('package_not_found', `No content package is stored for ${revision}.`, {
      details: { revision },
    });
  return folder;
}
