import { SecurityError } from '../errors.js';
import type { ArchiveLimits } from './archive-limits.js';
import { ArchiveNameRegistry } from './archive-name-registry.js';
import { checkArchiveEntryPath } from './check-archive-entry-path.js';

/** What an archive reader knows about an entry before reading its data. */
export interface ArchiveEntryHeader {
  /** The name as decoded from the archive (UTF-8 already checked). */
  readonly name: string;
  readonly type: 'file' | 'directory' | 'symlink' | 'hardlink' | 'special' | 'unsupported';
  /** The size the archive claims; only used to fail early, never trusted. */
  readonly declaredSize: number;
  readonly executable: boolean;
}

/** Folders macOS Finder adds to zips (resource forks); never part of a skill. */
const MACOS_METADATA_FOLDER = '__MACOSX';

/**
 * The import rules on entry headers (SPEC P3), for one archive: entry count, safe names, depth,
 * no links or special files, no duplicates (also case-folded and file-vs-folder clashes). Import
 * checks what it reads with it, and pack checks what it is about to write with it, so what `pack`
 * writes `import` accepts. Every refusal is a `SecurityError` naming the entry.
 */
export class ArchiveEntryChecker {
  readonly #limits: ArchiveLimits;
  #entryCount = 0;
  readonly #names = new ArchiveNameRegistry();
  readonly #topLevelNames = new Set<string>();

  constructor(limits: ArchiveLimits) {
    this.#limits = limits;
  }

  /** Names directly under the archive root (files and folders), macOS metadata left out. */
  get topLevelNames(): ReadonlySet<string> {
    return this.#topLevelNames;
  }

  /**
   * Checks one entry and returns its normalised relative path, or undefined for entries that
   * produce nothing (the root `./`, macOS metadata); throws for anything refused.
   */
  check(header: Pick<ArchiveEntryHeader, 'name' | 'type'>): string | undefined {
    const entry = header.name;
    this.#entryCount++;
    if (this.#entryCount > this.#limits.maxEntries) {
      throw archiveLimitError(
        'too_many_entries',
        `the archive has more than ${this.#limits.maxEntries} entries (at '${entry}')`,
        { entry, limit: this.#limits.maxEntries, actual: this.#entryCount },
      );
    }
    const check = checkArchiveEntryPath(entry);
    if (!check.ok) {
      throw new SecurityError('unsafe_entry_name', `archive entry '${entry}' is refused: ${check.message}`, {
        details: { entry, reason: check.message },
      });
    }
    const relative = check.path;
    const segments = relative === '' ? [] : relative.split('/');
    if (segments.length > this.#limits.maxDepth) {
      throw archiveLimitError(
        'entry_too_deep',
        `archive entry '${entry}' is ${segments.length} levels deep`,
        {
          entry,
          limit: this.#limits.maxDepth,
          actual: segments.length,
        },
      );
    }
    if (header.type === 'symlink' || header.type === 'hardlink') {
      throw new SecurityError(
        'link_entry',
        `archive entry '${entry}' is a ${header.type === 'symlink' ? 'symbolic' : 'hard'} link; skills cannot contain links`,
        { details: { entry, type: header.type } },
      );
    }
    if (header.type === 'special' || header.type === 'unsupported') {
      throw new SecurityError(
        'special_entry',
        `archive entry '${entry}' is not a regular file or folder (a device, FIFO or unsupported type)`,
        { details: { entry, type: header.type } },
      );
    }
    if (segments.length === 0) {
      if (header.type === 'file') {
        throw new SecurityError(
          'unsafe_entry_name',
          `archive entry '${entry}' is a file named like the root`,
          {
            details: { entry },
          },
        );
      }
      return undefined;
    }
    if (segments[0] === MACOS_METADATA_FOLDER) return undefined;
    this.#names.claim(relative, header.type === 'directory', entry);
    this.#topLevelNames.add(segments[0]!);
    return relative;
  }
}

/** The refusal of an archive whose files expand past `limit` bytes (counted at `entry`). */
export function expandedSizeError(entry: string, actual: number, limit: number): SecurityError {
  return archiveLimitError(
    'archive_too_large_expanded',
    `the archive expands past ${limit} bytes (at entry '${entry}')`,
    { entry, limit, actual },
  );
}

function archiveLimitError(
  code: 'archive_too_large_expanded' | 'entry_too_deep' | 'too_many_entries',
  message: string,
  details: { entry: string; limit: number; actual: number },
): SecurityError {
  return new SecurityError(code, `${message}; the limit is ${details.limit}`, { details });
}
