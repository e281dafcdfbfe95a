import { createRequire } from 'node:module';

// Characters HFS+ ignores in file names (git's is_hfs_dotgit skips the same ones), and others no
// one sees: a name holding them is the same folder on a Mac, and looks the same to a reader.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

let prototypes: ReadonlyMap<string, string> | undefined;

/**
 * The Unicode confusables prototype of one code point (`с` Cyrillic → `c`, `1` → `l`), from
 * unhomoglyph's table of Unicode's confusables.txt. Its own function compiles the table's 6,311
 * keys into one RegExp (about 160 ms at load); every key is one code point, so a lookup per code
 * point gives the same answer, and the table loads on first use (about 9 ms), not at start-up.
 */
function prototypeOf(character: string): string {
  prototypes ??= new Map(
    Object.entries(createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>),
  );
  return prototypes.get(character) ?? character;
}

/** Upper- then lower-cased: NTFS compares upper case, so `ſ` is `s`, `ı` is `i`, `K` (Kelvin) is `k`. */
function foldCase(text: string): string {
  return text.toUpperCase().toLowerCase();
}

/**
 * One path segment as the most forgiving file system, loader or reader would see it, for comparing
 * with a protected name (SPEC SEC2, SEC6): invisible characters dropped (HFS+ ignores them), NFKC
 * (`.ｃｕｒｓｏｒ` reads as `.cursor`), case folded, each character replaced by its confusables
 * prototype (so a Cyrillic `.сursor` that looks like `.cursor` counts as it), without an NTFS
 * stream suffix (`name:stream`) and without the trailing dots and spaces Windows drops. Compare
 * folded with folded: a prototype may differ from the letter (`m` folds to `rn`).
 * The file-system rules follow git's own checks for `.git` look-alikes (`is_hfs_dotgit`,
 * `is_ntfs_dotgit`); no npm package applies them to names.
 * @example foldFileName('.CUR\u200Bſor. ') === foldFileName('.cursor') // true
 */
export function foldFileName(segment: string): string {
  const normalised = foldCase(segment.replace(IGNORABLE, '').normalize('NFKC'));
  return foldCase(Array.from(normalised, prototypeOf).join(''))
    .split(':')[0]!
    .replace(/[. ]+$/, '');
}
