import { createHash, type Hash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, type Stats, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from '../format/limits.js';
import { classifyPackageFile, matchContentRule } from '../package/classify-package-file.js';
import {
  listPackageTreeSync,
  type PackageFile,
  type RefusedPackageEntry,
  refusedPaths,
  sortRefused,
} from '../package/collect-package-files.js';
import { comparePathBytes } from '../package/compare-paths.js';
import {
  type DirectoryRevisionRecord,
  directoryRevisionOfRecords,
} from '../package/compute-directory-revision.js';
import { compareSkillsLockPaths } from '../package/compute-skills-lock-hash.js';
import { CONTENT_SNIFF_BYTES } from '../package/package-file-rules.js';
import type { PackageTreeEntry } from '../package/walk-package-tree.js';
import { isExecutable, withRegularFileSync } from '../package/with-regular-file.js';
import { type Failure, failure } from '../result.js';
import type { StagingWriter } from './staging-writer.js';

/** A clean copy of a skill folder, or why it could not be made. */
export type StagedSkillCopy =
  | {
      readonly ok: true;
      readonly files: readonly PackageFile[];
      /** Folders of the copy (empty ones too), POSIX paths sorted by their bytes. */
      readonly directories: readonly string[];
      readonly totalBytes: number;
      /** Skipped noise and large files. */
      readonly warnings: readonly string[];
      /** Secret files left out of the copy. */
      readonly secrets: readonly string[];
      /** `computeDirectoryRevision` of the copy, from the bytes that were written. */
      readonly revision: string;
      /** `computeSkillsLockHash` of the copy, from the bytes that were written. */
      readonly computedHash: string;
      /** The bytes of the root SKILL.md, unless it was missing or over the SKILL.md size limit. */
      readonly skillFile: Buffer | undefined;
    }
  | Failure<'symlink_in_skill' | 'special_file_in_skill'>;

/**
 * Bytes read or written per call. Skill files are small: almost every file is one read and one
 * write, and a large one streams through this buffer instead of sitting whole in memory.
 */
const CHUNK_BYTES = 1024 * 1024;

let sharedChunk: Buffer | undefined;

/**
 * Whether the process umask leaves a new file's owner-execute bit alone (any usual umask does;
 * `0177` would not). The revision describes the copy as written, so it is read from the first
 * private folder this process stages, once.
 */
let umaskKeepsOwnerExecute: boolean | undefined;

/**
 * Copies a skill folder to `destination` under the P2 rules (SPEC P6): noise is skipped with a
 * warning, secret files are left out and listed, and a link or special file anywhere refuses the
 * whole skill (nothing is copied). Files are opened without following links, so a link swapped in
 * after the listing cannot leak a file from elsewhere.
 *
 * One pass: the folder is walked once and each file read once, synchronously, and the same bytes
 * give the revision, the `skills` CLI hash and the copy, which `writer` creates in the background
 * (complete once it is flushed); the SKILL.md bytes come back for validation. Before, a promise
 * chain and stream per file, and three walks that read every file again, cost several times the
 * copying itself: a 200-skill install spent ~40% of its time there.
 */
export async function stageSkillCopy(
  source: string,
  destination: string,
  writer: StagingWriter,
): Promise<StagedSkillCopy> {
  const listing = listPackageTreeSync(source);
  const symlinks = refusedPaths(sortRefused(listing.refused), 'symlink');
  if (symlinks.length > 0)
    return failure(
      'symlink_in_skill',
      `The skill contains symbolic links, which are never installed: ${symlinks.join(', ')}.`,
    );
  const specialFiles = refusedPaths(listing.refused, 'special');
  if (specialFiles.length > 0)
    return failure(
      'special_file_in_skill',
      `The skill contains special files (sockets, pipes, devices): ${specialFiles.join(', ')}.`,
    );
  mkdirSync(destination, { recursive: true, mode: 0o700 });
  umaskKeepsOwnerExecute ??= (statSync(destination).mode & 0o100) !== 0;
  // The walk does not enter secret folders, and a parent sorts before its children. Creating them
  // with the promise API, a depth at a time, measured no faster: only the files are deferred.
  for (const directory of listing.directories) mkdirSync(path.join(destination, ...directory.split('/')));

  const lockHash = createHash('sha256');
  const records: DirectoryRevisionRecord[] = listing.directories.map((directory) => ({
    path: directory,
    type: 'directory',
  }));
  const files: PackageFile[] = [];
  const warnings = [...listing.warnings];
  let totalBytes = 0;
  let skillFile: Buffer | undefined;
  // The skills CLI hash is over the files in its own order; visiting them in that order lets it
  // take each file's bytes as they are read. The revision sorts its records itself.
  const ordered = [...listing.files].sort((left, right) => compareSkillsLockPaths(left.path, right.path));
  for (const entry of ordered) {
    const target = path.join(destination, ...entry.path.split('/'));
    const copied = withRegularFileSync(entry.absolutePath, entry.path, (descriptor, stats) =>
      readFileOnce(descriptor, stats, { entry, target, lockHash, refused: listing.refused }),
    );
    if (copied === undefined) continue;
    const classification = classifyPackageFile(entry.path, {
      isDirectory: false,
      isSymbolicLink: false,
      size: copied.size,
    });
    if (classification.kind === 'large') warnings.push(`${entry.path} is large: ${classification.reason}`);
    files.push({
      path: entry.path,
      absolutePath: entry.absolutePath,
      size: copied.size,
      executable: copied.executable,
    });
    records.push({
      path: entry.path,
      type: 'file',
      executable: copied.executable && umaskKeepsOwnerExecute,
      digest: copied.digest,
    });
    totalBytes += copied.size;
    if (entry.path === SKILL_FILE_NAME) skillFile = copied.skillFile;
    if (copied.bytes !== undefined) await writer.writeFile(target, copied.bytes, copied.mode);
  }
  warnings.sort();
  files.sort((left, right) => comparePathBytes(left.path, right.path));
  return {
    ok: true,
    files,
    directories: listing.directories,
    totalBytes,
    warnings,
    secrets: refusedPaths(sortRefused(listing.refused), 'secret'),
    revision: directoryRevisionOfRecords(records),
    computedHash: lockHash.digest('hex'),
    skillFile,
  };
}

/** One file as {@link readFileOnce} read it. */
interface FileRead {
  readonly executable: boolean;
  readonly mode: number;
  readonly size: number;
  /** SHA-256 of the bytes, for the revision. */
  readonly digest: Buffer;
  /** The bytes still to be written; undefined when the file was streamed and is written already. */
  readonly bytes: Buffer | undefined;
  /** The bytes again if they fit a SKILL.md (at most 4 MiB), for validating it without a read. */
  readonly skillFile: Buffer | undefined;
}

/**
 * Reads an open file once: refuses it as a secret by its first bytes, feeds path and bytes to the
 * skills CLI hash and hashes the bytes for the revision. A small file (almost all) is read whole
 * with one call and returned for the writer; a file of 1 MiB or more, or one that grew since
 * fstat, streams through a fixed buffer into its copy at once, so it never sits whole in memory.
 */
function readFileOnce(
  descriptor: number,
  stats: Stats,
  context: {
    entry: PackageTreeEntry;
    target: string;
    lockHash: Hash;
    refused: RefusedPackageEntry[];
  },
): FileRead | undefined {
  const { entry, lockHash, refused } = context;
  const executable = isExecutable(stats);
  const mode = executable ? 0o755 : 0o644;
  if (stats.size < CHUNK_BYTES) {
    // One byte more than fstat said: a short read is the end of the file, a full one means it grew.
    const whole = Buffer.allocUnsafe(stats.size + 1);
    const length = readSync(descriptor, whole, 0, whole.length, 0);
    if (length < whole.length) {
      const bytes = whole.subarray(0, length);
      if (isSecret(entry.path, bytes, refused)) return undefined;
      lockHash.update(entry.path).update(bytes);
      const digest = createHash('sha256').update(bytes).digest();
      return { executable, mode, size: length, digest, bytes, skillFile: bytes };
    }
  }
  sharedChunk ??= Buffer.allocUnsafe(CHUNK_BYTES);
  const chunk = sharedChunk;
  let filled = readSync(descriptor, chunk, 0, chunk.length, 0);
  if (isSecret(entry.path, chunk.subarray(0, filled), refused)) return undefined;
  lockHash.update(entry.path);
  const digest = createHash('sha256');
  const kept: Buffer[] = [];
  let size = 0;
  const output = openSync(context.target, 'wx', mode);
  try {
    while (filled > 0) {
      const bytes = chunk.subarray(0, filled);
      writeFull(output, bytes);
      digest.update(bytes);
      lockHash.update(bytes);
      if (entry.path === SKILL_FILE_NAME && size + filled <= MAX_SKILL_FILE_BYTES)
        kept.push(Buffer.from(bytes));
      size += filled;
      // A short read of a regular file is its end: no extra call just to see 0 bytes.
      filled = filled < chunk.length ? 0 : readSync(descriptor, chunk, 0, chunk.length, size);
    }
  } finally {
    closeSync(output);
  }
  const skillFile = size <= MAX_SKILL_FILE_BYTES && kept.length > 0 ? Buffer.concat(kept, size) : undefined;
  return { executable, mode, size, digest: digest.digest(), bytes: undefined, skillFile };
}

/** True when the first bytes mark a secret (a private key); it is then refused, not copied. */
function isSecret(relativePath: string, bytes: Buffer, refused: RefusedPackageEntry[]): boolean {
  const secret = matchContentRule(bytes.subarray(0, CONTENT_SNIFF_BYTES));
  if (secret) refused.push({ path: relativePath, kind: 'secret', reason: secret.reason });
  return secret !== undefined;
}

function writeFull(descriptor: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(descriptor, bytes, written, bytes.length - written);
}
