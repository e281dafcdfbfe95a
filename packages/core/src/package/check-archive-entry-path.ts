/** The verdict on one archive entry name: its normalised path, or why it is refused. */
export type ArchiveEntryPathCheck =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Checks an archive entry's name (already decoded as UTF-8) and returns its normalised relative
 * POSIX path: without a trailing `/` and without leading `./` (what `tar -C dir .` writes). The
 * archive root itself (`./`) normalises to `''`. Refused: absolute paths, drive letters (`C:`),
 * backslashes, `..`, `.` or empty segments, and control characters.
 * @example
 * checkArchiveEntryPath('../evil'); // { ok: false, reason: 'it climbs out with ..' }
 */
export function checkArchiveEntryPath(name: string): ArchiveEntryPathCheck {
  if (/[\u0000-\u001f\u007f]/.test(name)) return refuse('it contains a control character');
  if (name.includes('\\')) return refuse('it contains a backslash');
  if (name.startsWith('/')) return refuse('it is an absolute path');
  if (/^[A-Za-z]:/.test(name)) return refuse('it starts with a drive letter');
  let path = name;
  while (path.startsWith('./')) path = path.slice(2);
  if (path === '.') path = '';
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path === '') return { ok: true, path };
  for (const segment of path.split('/')) {
    if (segment === '..') return refuse('it climbs out with ..');
    if (segment === '.') return refuse('it has a . segment');
    if (segment === '') return refuse('it has an empty segment (//)');
  }
  return { ok: true, path };
}

function refuse(reason: string): ArchiveEntryPathCheck {
  return { ok: false, reason };
}
