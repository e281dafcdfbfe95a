/**
 * The one check of a path that must name a file inside a skill folder (SPEC P3, R4, SEC1), shared
 * by archive import, remote listings and `defineSkill` files: why `relativePath` is not a plain
 * relative POSIX path, or `undefined` when it is. Refused, with the strictest rules of all three:
 * an empty path, control characters (NUL included), backslashes, absolute paths and drive letters,
 * `..`, `.` and empty segments.
 * @example unsafeRelativePathReason('../evil') // "climbs out with '..'"
 */
export function unsafeRelativePathReason(relativePath: string): string | undefined {
  if (relativePath === '') return 'is empty';
  if (/[\u0000-\u001f\u007f]/.test(relativePath)) return 'contains a control character';
  if (relativePath.includes('\\')) return "contains a backslash; use '/'";
  if (relativePath.startsWith('/')) return 'is an absolute path; use one relative to the skill folder';
  if (/^[A-Za-z]:/.test(relativePath)) return 'starts with a drive letter';
  for (const segment of relativePath.split('/')) {
    if (segment === '..') return "climbs out with '..'";
    if (segment === '.') return 'has a . segment';
    if (segment === '') return 'has an empty segment (//)';
  }
  return undefined;
}
