import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { assertSafeUserId, type ContentLayout } from '../content/index.js';

/** Where one user's projection lives under the data folder (SPEC Y7). */
export interface UserProjectionPaths {
  /** `<data>/projections` */
  readonly projectionsDirectory: string;
  /** `<data>/projections/<user>` */
  readonly userDirectory: string;
  /** `<data>/projections/<user>/skills`: one read-only folder per readable skill, nothing else. */
  readonly skillsDirectory: string;
  /** `<data>/projections/<user>/manifest.json`: what the projection was built from. */
  readonly manifestFile: string;
  /** `<data>/locks/projections/<user>`: the per-user inter-process lock. */
  readonly lockFile: string;
}

/**
 * The paths of `userId`'s projection (the user id passes the one safe-segment check, SEC1).
 * @throws UserInputError `invalid_user_id`.
 * @example const { skillsDirectory } = userProjectionPaths(layout, viewer.id);
 */
export function userProjectionPaths(layout: ContentLayout, userId: string): UserProjectionPaths {
  const projectionsDirectory = path.join(layout.dataDirectory, 'projections');
  const userDirectory = path.join(projectionsDirectory, assertSafeUserId(userId));
  return {
    projectionsDirectory,
    userDirectory,
    skillsDirectory: path.join(userDirectory, 'skills'),
    manifestFile: path.join(userDirectory, 'manifest.json'),
    lockFile: path.join(layout.locksDirectory, 'projections', userId),
  };
}

/**
 * Proves that `projections/`, `projections/<user>/` and its `skills/` are real folders under the
 * data folder, creating the missing ones (SPEC Y15): a link planted at any of them — to another
 * user's projection, to `/etc` — is refused with `SecurityError` `symlink_refused` and never
 * followed; a file there is `UserInputError` `not_a_directory`.
 */
export async function ensureProjectionFolders(paths: UserProjectionPaths, create: boolean): Promise<void> {
  for (const folder of [paths.projectionsDirectory, paths.userDirectory, paths.skillsDirectory]) {
    let stats = await lstatIfPresent(folder);
    if (stats === undefined && create) {
      await mkdir(folder, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      stats = await lstatIfPresent(folder);
    }
    if (stats === undefined) return;
    if (stats.isSymbolicLink())
      throw new SecurityError(
        'symlink_refused',
        `${folder} is a symbolic link; a projection folder is never reached through a link.`,
        { details: { path: folder } },
      );
    if (!stats.isDirectory())
      throw new UserInputError('not_a_directory', `${folder} is not a folder.`, {
        details: { path: folder },
      });
  }
}

async function lstatIfPresent(file: string) {
  return lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
