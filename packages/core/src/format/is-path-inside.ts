import { sep } from 'node:path';

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
