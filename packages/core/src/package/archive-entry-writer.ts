import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ArchiveEntryChecker, type ArchiveEntryHeader, expandedSizeError } from './archive-entry-checker.js';
import type { ArchiveLimits } from './archive-limits.js';

export type { ArchiveEntryHeader } from './archive-entry-checker.js';

/** A file entry accepted for extraction. */
export interface AcceptedFileEntry {
  readonly path: string;
  readonly executable: boolean;
  /** The size the archive claims, reserved against the expanded limit until the bytes are counted. */
  readonly declaredSize: number;
}

/** A file written into the extraction folder. */
export interface WrittenArchiveFile {
  readonly path: string;
  readonly size: number;
  readonly executable: boolean;
}

/**
 * Buffered but not yet written bytes above which readers wait: bounds memory on big archives.
 * Writes are otherwise not limited: measured on 2,000 small files, 512 in flight beat 64, which
 * beat 16, 4 and 1 (1.9× slower): each file is three thread-pool requests (open, write, close), and
 * only a deep queue keeps every pool thread busy.
 */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;

/**
 * The format-independent half of archive extraction, for one extraction: checks every entry with
 * an {@link ArchiveEntryChecker} (count, name, depth, type, duplicates), counts
 * decompressed bytes as they arrive, and writes files with exclusive creation (`wx`) inside its
 * folder only. An archive inside the archive is a plain file (SPEC P3): never opened, its bytes
 * counted like any other's. Writes run in parallel while the reader goes on;
 * `settle()` waits for all of them, which the caller does before removing the folder on failure.
 */
export class ArchiveEntryWriter {
  readonly #root: string;
  readonly #limits: ArchiveLimits;
  readonly #checker: ArchiveEntryChecker;
  #expandedBytes = 0;
  /** Declared bytes of accepted entries not counted yet: entries read in parallel share one budget. */
  #reservedBytes = 0;
  readonly #reservations = new Map<AcceptedFileEntry, number>();
  #pendingBytes = 0;
  #failure: { error: unknown } | undefined;
  readonly #pending = new Set<Promise<void>>();
  readonly #roomWaiters: (() => void)[] = [];
  readonly #folders = new Map<string, Promise<unknown>>();
  readonly #written: WrittenArchiveFile[] = [];

  constructor(root: string, limits: ArchiveLimits) {
    this.#root = root;
    this.#limits = limits;
    this.#checker = new ArchiveEntryChecker(limits);
  }

  /** Every file written so far. */
  get files(): readonly WrittenArchiveFile[] {
    return this.#written;
  }

  /** Names directly under the archive root (files and folders), macOS metadata left out. */
  get topLevelNames(): ReadonlySet<string> {
    return this.#checker.topLevelNames;
  }

  /** Decompressed file bytes counted so far. */
  get expandedBytes(): number {
    return this.#expandedBytes;
  }

  /** Throws the first failure of a background write, if any. */
  throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }

  /**
   * Checks an entry before its data is read. Returns the accepted file, or undefined for entries
   * that produce no file (folders, the root `./`, macOS metadata); throws for anything refused.
   */
  begin(header: ArchiveEntryHeader): AcceptedFileEntry | undefined {
    this.throwIfFailed();
    const entry = header.name;
    const relative = this.#checker.check(header);
    if (relative === undefined) return undefined;
    if (header.type === 'directory') {
      this.#track(this.#ensureFolder(relative));
      return undefined;
    }
    const committed = this.#expandedBytes + this.#reservedBytes;
    if (header.declaredSize > this.#limits.maxExpandedBytes - committed) {
      throw this.#expandedError(entry, committed + header.declaredSize);
    }
    const accepted: AcceptedFileEntry = {
      path: relative,
      executable: header.executable,
      declaredSize: header.declaredSize,
    };
    this.#reservations.set(accepted, header.declaredSize);
    this.#reservedBytes += header.declaredSize;
    return accepted;
  }

  /**
   * Counts decompressed bytes of `file` as they arrive (they use up its reservation first);
   * throws the moment the total passes the limit, whatever the headers said.
   */
  count(file: AcceptedFileEntry, bytes: number): void {
    this.throwIfFailed();
    this.#expandedBytes += bytes;
    const reserved = this.#reservations.get(file) ?? 0;
    const used = Math.min(reserved, bytes);
    this.#reservations.set(file, reserved - used);
    this.#reservedBytes -= used;
    if (this.#expandedBytes > this.#limits.maxExpandedBytes)
      throw this.#expandedError(file.path, this.#expandedBytes);
  }

  /**
   * Writes an accepted file's complete contents in the background (exclusive creation, inside the
   * root only).
   */
  write(file: AcceptedFileEntry, contents: Buffer): void {
    this.throwIfFailed();
    this.#reservedBytes -= this.#reservations.get(file) ?? 0;
    this.#reservations.delete(file);
    const target = path.join(this.#root, file.path);
    const slash = file.path.lastIndexOf('/');
    const parent = slash === -1 ? Promise.resolve() : this.#ensureFolder(file.path.slice(0, slash));
    this.#pendingBytes += contents.length;
    this.#track(
      parent
        .then(() => writeFile(target, contents, { flag: 'wx', mode: file.executable ? 0o755 : 0o644 }))
        .then(() => {
          this.#written.push({ path: file.path, size: contents.length, executable: file.executable });
        })
        .finally(() => {
          this.#pendingBytes -= contents.length;
          if (this.#pendingBytes <= MAX_PENDING_BYTES) for (const wake of this.#roomWaiters.splice(0)) wake();
        }),
    );
  }

  /** Resolves when buffered-but-unwritten bytes are below the memory bound. */
  async room(): Promise<void> {
    while (this.#pendingBytes > MAX_PENDING_BYTES && this.#failure === undefined) {
      await new Promise<void>((resolve) => this.#roomWaiters.push(resolve));
    }
    this.throwIfFailed();
  }

  /** Waits for every background write; then throws the first failure, if any. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    this.throwIfFailed();
  }

  #track(work: Promise<unknown>): void {
    const tracked: Promise<void> = work.then(
      () => undefined,
      (error: unknown) => {
        this.#failure ??= { error };
        for (const wake of this.#roomWaiters.splice(0)) wake();
      },
    );
    this.#pending.add(tracked);
    void tracked.finally(() => this.#pending.delete(tracked));
  }

  #ensureFolder(relative: string): Promise<unknown> {
    let made = this.#folders.get(relative);
    if (made === undefined) {
      // Safe to create parents: every path was checked, and this folder only ever holds what we wrote.
      made = mkdir(path.join(this.#root, relative), { recursive: true, mode: 0o755 });
      this.#folders.set(relative, made);
    }
    return made;
  }

  #expandedError(entry: string, actual: number) {
    return expandedSizeError(entry, actual, this.#limits.maxExpandedBytes);
  }
}
