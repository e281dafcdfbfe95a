// Characters HFS+ ignores in file names (git's is_hfs_dotgit skips the same ones), and others no
// one sees: a name holding them is the same folder on a Mac, and looks the same to a reader.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * One path segment as the most forgiving file system or loader would see it, for comparing with
 * a protected name (SPEC SEC2, SEC6): invisible characters dropped (HFS+ ignores them), NFKC
 * (macOS normalises names; `.ｃｕｒｓｏｒ` reads as `.cursor`), case folded by upper- then lower-casing
 * (NTFS compares upper case, so `ſ` is `s`, `ı` is `i` and the Kelvin sign is `k`), without an NTFS
 * stream suffix (`name:stream`) and without the trailing dots and spaces Windows drops.
 * Hand-written: no maintained npm package folds names the way file systems compare them; the
 * rules follow git's own checks for `.git` look-alikes (`is_hfs_dotgit`, `is_ntfs_dotgit`).
 * @example foldFileName('.CUR\u200Bſor. ') // '.cursor'
 */
export function foldFileName(segment: string): string {
  return segment
    .replace(IGNORABLE, '')
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .split(':')[0]!
    .replace(/[. ]+$/, '');
}
