/** Size and shape limits for an imported archive (SPEC P3). */
export interface ArchiveLimits {
  /**
   * The archive file itself, checked with `fstat` before any byte is read. A zip is then read into
   * memory whole, so this also bounds the memory an import takes.
   */
  readonly maxCompressedBytes: number;
  /** All file contents together, counted as they are decompressed (headers are never trusted). */
  readonly maxExpandedBytes: number;
  /** Entries of any kind (files and folders). */
  readonly maxEntries: number;
  /** Path segments of one entry (`a/b/c.txt` is 3). */
  readonly maxDepth: number;
}

/** 10 MiB compressed, 50 MiB expanded, 2000 entries, 32 levels. */
export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  maxCompressedBytes: 10 * 1024 * 1024,
  maxExpandedBytes: 50 * 1024 * 1024,
  maxEntries: 2000,
  maxDepth: 32,
});
