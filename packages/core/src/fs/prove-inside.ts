import { lstatSync, realpathSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError } from '../errors.js';
import { isPathInside } from '../format/is-path-inside.js';
import { isSafePathSegment } from './safe-path-segment.js';

/**
 * Proves on real paths that `target` lies strictly inside `folder` (SPEC SEC1) and returns the
 * real path of the entry itself: its parent resolved through links, its own name kept, so a link
 * at `target` is named as the link, never followed. Folders that do not exist yet resolve through
 * their nearest existing ancestor (what is missing cannot be a link).
 * @throws SecurityError `path_outside_folder` naming both paths.
 * @example const real = await proveInside(path.join(skills, id), skills);
 */
export async function proveInside(target: string, folder: string): Promise<string> {
  const [realFolder, realParent] = await Promise.all([
    realExisting(path.resolve(folder)),
    realExisting(path.dirname(path.resolve(target))),
  ]);
  return checkInside(target, folder, realFolder, realParent);
}

/** {@link proveInside}, synchronously (for signal handlers). */
export function proveInsideSync(target: string, folder: string): string {
  const realFolder = realExistingSync(path.resolve(folder));
  const realParent = realExistingSync(path.dirname(path.resolve(target)));
  return checkInside(target, folder, realFolder, realParent);
}

function checkInside(
  target: string,
  folder: string,
  realFolder: string | undefined,
  realParent: string | undefined,
): string {
  const name = path.basename(path.resolve(target));
  const real = realParent === undefined ? undefined : path.join(realParent, name);
  if (
    real !== undefined &&
    realFolder !== undefined &&
    realParent !== undefined &&
    isSafePathSegment(name) &&
    isPathInside(realParent, realFolder) &&
    real !== realFolder
  )
    return real;
  throw new SecurityError(
    'path_outside_folder',
    `Refusing to touch ${target}: it resolves to ${real ?? 'a dangling link'}, which is not inside ${folder}${realFolder === undefined || realFolder === folder ? '' : ` (${realFolder})`}; nothing was changed.`,
    { details: { path: target, realPath: real, folder, realFolder } },
  );
}

/** The real path, or undefined when a link on the way dangles. */
async function realExisting(absolute: string): Promise<string | undefined> {
  const missing: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    try {
      await lstat(current);
    } catch (error) {
      if (!isMissing(error) || path.dirname(current) === current) throw error;
      missing.push(path.basename(current));
      continue;
    }
    const real = await realpath(current).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    return real === undefined ? undefined : path.join(real, ...missing.reverse());
  }
}

function realExistingSync(absolute: string): string | undefined {
  const missing: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    try {
      lstatSync(current);
    } catch (error) {
      if (!isMissing(error) || path.dirname(current) === current) throw error;
      missing.push(path.basename(current));
      continue;
    }
    try {
      return path.join(realpathSync(current), ...missing.reverse());
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
