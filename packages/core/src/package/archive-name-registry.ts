import { SecurityError } from '../errors.js';

/**
 * The names seen in one archive, keyed case- and Unicode-form-insensitively, so two entries that
 * would land on the same file on macOS or Windows — or a file and a folder of the same name —
 * are refused before anything is written.
 */
export class ArchiveNameRegistry {
  /** Folded path → the path as first seen, for files and for folders (explicit or implied by a path). */
  readonly #files = new Map<string, string>();
  readonly #folders = new Map<string, string>();
  readonly #explicitFolders = new Set<string>();

  /**
   * Records an entry's normalised path (`entry` is its name as written, for messages); throws a
   * `SecurityError` (`duplicate_entry`) for a duplicate, a case- or Unicode-folded duplicate, or a
   * file where a folder is (or the other way round).
   */
  claim(relative: string, isFolder: boolean, entry: string): void {
    const folded = foldCase(relative);
    const clash = this.#files.get(folded) ?? (isFolder ? undefined : this.#folders.get(folded));
    if (clash !== undefined || (isFolder && this.#explicitFolders.has(folded))) {
      const other = clash ?? relative;
      throw new SecurityError(
        'duplicate_entry',
        other === relative
          ? `archive entry '${entry}' appears twice`
          : `archive entry '${entry}' clashes with '${other}' (same name ignoring case or Unicode form, or a file where a folder is)`,
        { details: { entry, other } },
      );
    }
    let slash = relative.indexOf('/');
    while (slash !== -1) {
      const ancestor = relative.slice(0, slash);
      const file = this.#files.get(foldCase(ancestor));
      if (file !== undefined) {
        throw new SecurityError(
          'duplicate_entry',
          `archive entry '${entry}' needs '${file}' to be a folder, but it is a file`,
          {
            details: { entry, other: file },
          },
        );
      }
      this.#folders.set(foldCase(ancestor), ancestor);
      slash = relative.indexOf('/', slash + 1);
    }
    if (isFolder) {
      this.#explicitFolders.add(folded);
      this.#folders.set(folded, relative);
    } else {
      this.#files.set(folded, relative);
    }
  }
}

/** Case- and Unicode-form-insensitive key: two names that collide on macOS or Windows collide here. */
function foldCase(relative: string): string {
  return relative.normalize('NFC').toLowerCase();
}
