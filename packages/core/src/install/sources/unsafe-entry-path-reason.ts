/**
 * Why a path from a remote listing cannot name a file inside a skill folder, or `undefined` when it is
 * a plain relative POSIX path (SPEC P3 rules: no absolute paths, `..`, backslashes, drive letters, NUL).
 */
export function unsafeEntryPathReason(entryPath: string): string | undefined {
  if (entryPath === '') return 'is empty';
  if (entryPath.includes('\0')) return 'contains a NUL byte';
  if (entryPath.includes('\\')) return 'contains a backslash';
  if (entryPath.startsWith('/') || /^[A-Za-z]:/.test(entryPath)) return 'is absolute';
  const segments = entryPath.split('/');
  if (segments.includes('..')) return "contains '..'";
  if (segments.some((segment) => segment === '' || segment === '.')) return 'has an empty or "." segment';
  return undefined;
}
