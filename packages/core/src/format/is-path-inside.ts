import { isAbsolute, relative, sep } from 'node:path';

/** True when `path` is `directory` itself or lies below it (both absolute and normalised). */
export function isPathInside(path: string, directory: string): boolean {
  if (path === directory) return true;
  const prefix = directory.endsWith(sep) ? directory : directory + sep;
  return path.startsWith(prefix);
}

/** True when `path` lies inside at least one of `directories`. */
export function isPathInsideAny(path: string, directories: readonly string[]): boolean {
  return directories.some((directory) => isPathInside(path, directory));
}

/**
 * `path` relative to `directory` when it lies strictly below it (both absolute), else undefined:
 * the directory itself, anything above or beside it, and another drive give undefined. A name that
 * merely starts with two dots (`..notes`) is inside.
 * @example relativePathInside('/p', '/p/src/a.ts') // 'src/a.ts'
 */
export function relativePathInside(directory: string, path: string): string | undefined {
  const inside = relative(directory, path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    return undefined;
  return inside;
}
