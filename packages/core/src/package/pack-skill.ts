import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SecurityError, SkilldockError, UserInputError } from '../errors.js';
import { SKILL_FILE_NAME } from '../format/limits.js';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import { ArchiveEntryChecker, expandedSizeError } from './archive-entry-checker.js';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from './archive-limits.js';
import { type BundleEntry, bundleEntries } from './bundle-entries.js';
import {
  type CollectedPackageFiles,
  collectPackageFiles,
  type PackageFile,
} from './collect-package-files.js';
import { writeTarBundle } from './write-tar-bundle.js';
import { writeZipBundle } from './write-zip-bundle.js';

/** Bundle formats: `zip` (`.zip`) and `tgz` (`.tar.gz`). */
export type BundleFormat = 'zip' | 'tgz';

/** Options of {@link packSkill}. */
export interface PackSkillOptions {
  readonly format: BundleFormat;
  /** Write the bundle to this file (atomically: a temporary name, then a rename) instead of returning bytes. */
  readonly out?: string;
  /** The limits of the import the bundle must pass; default those of `extractArchive`. */
  readonly importLimits?: Partial<ArchiveLimits>;
}

/** A packed skill. */
export interface PackSkillResult {
  /** The bundle's bytes, when no `out` file was given. */
  readonly bytes?: Buffer;
  /** The written file (absolute), when `out` was given. */
  readonly file?: string;
  /** The top folder inside the bundle: the skill folder's name. */
  readonly name: string;
  readonly format: BundleFormat;
  /** The packaged files, sorted. */
  readonly files: readonly PackageFile[];
  /** Skipped noise and large files. */
  readonly warnings: readonly string[];
}

/**
 * Packs a skill folder into a deterministic bundle (SPEC P2): the same folder gives the same bytes
 * on every run, whatever the files' mtimes, owners or non-executable mode bits. Entries sit under
 * one top folder named after the skill folder (`pdf/SKILL.md`), like GitHub archives.
 *
 * Noise is skipped with a warning; a secret, link or special file is a `SecurityError`
 * (`secret_in_package`, `symlink_in_package` or `special_file_in_package`) naming every such path;
 * a folder without `SKILL.md` is a `UserInputError` (`no_skill_file`). A bundle that import would
 * refuse is never written: its entries go through the import's own checks first (names, case-folded
 * duplicates, depth, count, expanded size), and its compressed size is checked before it is kept —
 * a `SecurityError` with the import's code (`unsafe_entry_name`, `duplicate_entry`, …). A nested
 * archive is a plain file, as in import. With `out`, nothing is left behind on failure.
 * @example
 * const { file, warnings } = await packSkill('skills/pdf', { format: 'zip', out: 'pdf.zip' });
 */
export async function packSkill(directory: string, options: PackSkillOptions): Promise<PackSkillResult> {
  const { root, name, collected, limits, entries } = await checkedBundle(directory, options.importLimits);
  const warnings = collected.warnings;
  const stream: Readable =
    options.format === 'zip'
      ? writeZipBundle(entries)
      : ((await writeTarBundle(path.dirname(root), entries)) as unknown as Readable);
  const base = { name, format: options.format, files: collected.files, warnings };
  if (options.out === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    assertCompressedSize(name, bytes.length, limits);
    return { ...base, bytes };
  }
  const file = path.resolve(options.out);
  await writeFileAtomic(file, stream, {
    beforeReplace: async (temporary) => assertCompressedSize(name, (await stat(temporary)).size, limits),
  });
  return { ...base, file };
}

/**
 * The entries a bundle of `directory` would hold, past every check both {@link packSkill} and
 * {@link checkSkillPackable} make before any byte is compressed: P2's refusals (secrets, links,
 * special files, no `SKILL.md`) and the import's entry checks and expanded size under `importLimits`.
 */
async function checkedBundle(directory: string, importLimits: Partial<ArchiveLimits> | undefined) {
  const root = path.resolve(directory);
  const name = path.basename(root);
  const collected = await collectPackageFiles(root);
  assertPackable(name, collected);
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...importLimits };
  const entries = bundleEntries(name, collected);
  assertImportable(name, entries, collected.totalBytes, limits);
  return { root, name, collected, limits, entries };
}

/** What {@link checkSkillPackable} found: the files a bundle would hold and the warnings of packing. */
export interface PackableSkill {
  readonly name: string;
  readonly files: readonly PackageFile[];
  readonly warnings: readonly string[];
}

/**
 * Checks that {@link packSkill} would pack `directory` and that the import would take the bundle
 * back, without keeping a bundle: the same P2 refusals, entry checks and expanded size, and the
 * compressed size — proven from the files' sizes when even an incompressible bundle of them fits
 * ({@link zipSizeBound}), else measured by zipping as `packSkill` does. Same errors as `packSkill`.
 * @example await checkSkillPackable(workFolder); // throws when an export would be refused
 */
export async function checkSkillPackable(
  directory: string,
  options: Pick<PackSkillOptions, 'importLimits'> = {},
): Promise<PackableSkill> {
  const { name, collected, limits, entries } = await checkedBundle(directory, options.importLimits);
  const result = { name, files: collected.files, warnings: collected.warnings };
  if (zipSizeBound(entries) <= limits.maxCompressedBytes) return result;
  let size = 0;
  for await (const chunk of writeZipBundle(entries)) size += (chunk as Buffer).length;
  assertCompressedSize(name, size, limits);
  return result;
}

/**
 * An upper bound of the size of {@link writeZipBundle}'s zip of `entries`, whatever the contents:
 * each file deflated at zlib's worst case (`compressBound`: stored blocks for incompressible data),
 * plus its local header, data descriptor and central directory record (ZIP64 sized, generous room
 * for extra fields) with its name twice, plus the end records.
 */
export function zipSizeBound(entries: readonly BundleEntry[]): number {
  const ENTRY_OVERHEAD = 30 + 24 + 46 + 2 * 64;
  const END_RECORDS = 22 + 56 + 20 + 256;
  let bound = END_RECORDS;
  for (const entry of entries) {
    bound += ENTRY_OVERHEAD + 2 * (Buffer.byteLength(entry.path) + 1);
    if (entry.type === 'file') bound += deflateBound(entry.size);
  }
  return bound;
}

/** zlib's `compressBound`: the most deflate can make of `size` bytes (with the zlib wrapper). */
function deflateBound(size: number): number {
  return size + Math.floor(size / 4096) + Math.floor(size / 16384) + Math.floor(size / 33554432) + 13;
}

function assertPackable(name: string, collected: CollectedPackageFiles): void {
  const { refused } = collected;
  if (refused.length > 0) {
    const code =
      collected.secrets.length > 0
        ? 'secret_in_package'
        : collected.symlinks.length > 0
          ? 'symlink_in_package'
          : 'special_file_in_package';
    const listed = refused.map((entry) => `  ${entry.path} (${entry.reason})`).join('\n');
    throw new SecurityError(
      code,
      `cannot package '${name}': it holds files that must not be shared:\n${listed}\n` +
        'Remove or move them outside the skill folder, then pack again (there is no ignore file).',
      { details: { path: name, files: refused.map((entry) => entry.path), refused } },
    );
  }
  if (!collected.files.some((file) => file.path === SKILL_FILE_NAME)) {
    throw new UserInputError(
      'no_skill_file',
      `'${name}' has no ${SKILL_FILE_NAME} at its root; it is not a skill folder`,
      {
        details: { path: name },
      },
    );
  }
}

/** Runs the bundle's entries through the import's own checks: what pack writes, import accepts. */
function assertImportable(
  name: string,
  entries: readonly BundleEntry[],
  totalBytes: number,
  limits: ArchiveLimits,
): void {
  const checker = new ArchiveEntryChecker(limits);
  try {
    for (const entry of entries) checker.check({ name: entry.path, type: entry.type });
    if (totalBytes > limits.maxExpandedBytes)
      throw expandedSizeError(name, totalBytes, limits.maxExpandedBytes);
  } catch (error) {
    throw importWouldRefuse(name, error);
  }
}

function assertCompressedSize(name: string, size: number, limits: ArchiveLimits): void {
  if (size <= limits.maxCompressedBytes) return;
  throw importWouldRefuse(
    name,
    new SecurityError(
      'archive_too_large',
      `the bundle is ${size} bytes; the limit for an archive is ${limits.maxCompressedBytes}`,
      { details: { entry: '(archive)', limit: limits.maxCompressedBytes, actual: size } },
    ),
  );
}

/** The import's refusal, said as a reason not to pack; same code and details. */
function importWouldRefuse(name: string, error: unknown): unknown {
  if (!SkilldockError.isInstance(error)) return error;
  return new SecurityError(
    error.code,
    `cannot package '${name}': an import would refuse the bundle: ${error.message}. Rename, move or remove what it names, then pack again.`,
    { details: { path: name, ...error.details }, cause: error },
  );
}
