import { unsafeRelativePathReason } from '../format/unsafe-relative-path-reason.js';
import { type Failure, failure } from '../result.js';

/** The verdict on one archive entry name: its normalised path, or why it is refused. */
export type ArchiveEntryPathCheck =
  | { readonly ok: true; readonly path: string }
  | Failure<'unsafe_entry_name'>;

/**
 * Checks an archive entry's name (already decoded as UTF-8) and returns its normalised relative
 * POSIX path: without a trailing `/` and without leading `./` (what `tar -C dir .` writes). The
 * archive root itself (`./`) normalises to `''`. Refused: absolute paths, drive letters (`C:`),
 * backslashes, `..`, `.` or empty segments, and control characters.
 * @example
 * checkArchiveEntryPath('../evil'); // { ok: false, code: 'unsafe_entry_name', message: 'it climbs out with ..' }
 */
export function checkArchiveEntryPath(name: string): ArchiveEntryPathCheck {
  // `./`, `.` and a trailing `/` are how tar names the root and folders: strip them, then apply
  // the one relative-path check (an absolute name keeps its `/` so it is refused as absolute).
  let path = name;
  while (path.startsWith('./')) path = path.slice(2);
  if (path === '.') path = '';
  if (path.endsWith('/') && path !== '/') path = path.slice(0, -1);
  if (path === '') return { ok: true, path };
  const reason = unsafeRelativePathReason(path);
  return reason === undefined ? { ok: true, path } : failure('unsafe_entry_name', `it ${reason}`);
}
