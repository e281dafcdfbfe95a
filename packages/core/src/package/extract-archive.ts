import { close, fstat, open, read } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SecurityError, UserInputError } from '../errors.js';
import { removeInside } from '../fs/remove-inside.js';
import { ArchiveEntryWriter } from './archive-entry-writer.js';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from './archive-limits.js';
import { sortByPathBytes } from './compare-paths.js';
import { locateSkillRoot } from './locate-skill-root.js';
import { readAt } from './read-at.js';
import { readTarEntries } from './read-tar-entries.js';
import { readZipEntries } from './read-zip-entries.js';

const openFile = promisify(open);
const statDescriptor = promisify(fstat);
const readDescriptor = promisify(read);
const closeDescriptor = promisify(close);

/** Options of {@link extractArchive}. */
export interface ExtractArchiveOptions {
  /** Tighter or looser limits; unset fields keep {@link DEFAULT_ARCHIVE_LIMITS}. */
  readonly limits?: Partial<ArchiveLimits>;
  /** Where the temporary extraction folder is created (default: the system temp folder). */
  readonly tempParent?: string;
}

/** A file of an extracted skill. */
export interface ExtractedFile {
  /** Relative POSIX path inside `skillDirectory`. */
  readonly path: string;
  readonly size: number;
  readonly executable: boolean;
}

/** A safely extracted archive, living in a temporary folder until `dispose()`. */
export interface ExtractedArchive {
  /** The temporary folder everything was extracted into. */
  readonly directory: string;
  /** The folder holding the root SKILL.md: `directory` itself or its single top folder. */
  readonly skillDirectory: string;
  /** Every extracted file of the skill, sorted by the byte order of its path. */
  readonly files: readonly ExtractedFile[];
  /** Decompressed bytes of all files. */
  readonly totalBytes: number;
  readonly format: 'zip' | 'tar' | 'tgz';
  /** Removes the temporary folder. */
  dispose(): Promise<void>;
}

/**
 * Extracts an uploaded `.zip`, `.tar.gz`/`.tgz` or `.tar` into a fresh temporary folder under the
 * P3 rules, for the caller to validate and rename into place. The format comes from the magic
 * bytes, never the file name. The compressed size is checked with `fstat` before anything is read;
 * expanded size, entry count and depth are enforced while streaming, so a lying header cannot pass.
 *
 * Refused with a `SecurityError`: absolute paths, `..`, backslashes, drive letters, links, devices,
 * FIFOs, duplicate names (also case-folded or file-vs-folder), too many entries, too deep, too
 * large, non-UTF-8 names, sizes that disagree with the zip directory. An archive inside the archive
 * is a plain resource file: written as it is, never extracted, counted in the size limits. Refused with
 * a `UserInputError`: not an archive, damaged or truncated, no SKILL.md at the root or in the single
 * top folder, two or more root skills. Errors carry `details: { entry, limit, actual }` where they
 * apply. On any failure the temporary folder is removed before the error is thrown.
 * @example
 * const extracted = await extractArchive('upload.zip');
 * try { await install(extracted.skillDirectory); } finally { await extracted.dispose(); }
 */
export async function extractArchive(
  archivePath: string,
  { limits: limitOverrides = {}, tempParent }: ExtractArchiveOptions = {},
): Promise<ExtractedArchive> {
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...limitOverrides };
  const descriptor = await openFile(archivePath, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new UserInputError('path_not_found', `${archivePath} does not exist`, {
        details: { path: archivePath },
        cause: error,
      });
    }
    throw error;
  });
  let directory: string | undefined;
  let writer: ArchiveEntryWriter | undefined;
  try {
    const format = await detectFormat(descriptor, archivePath, limits);
    directory = await mkdtemp(path.join(tempParent ?? tmpdir(), 'skilldock-import-'));
    writer = new ArchiveEntryWriter(directory, limits);
    if (format.kind === 'zip') await readZipEntries(await readWhole(descriptor, format.size), writer, limits);
    else await readTarEntries(descriptor, format.size, format.kind === 'tgz', writer, limits);
    await writer.settle();
    const location = locateSkillRoot(new Set(writer.files.map((file) => file.path)), writer.topLevelNames);
    if (!location.ok)
      throw new UserInputError(location.code, location.message, { details: { path: archivePath } });
    const prefix = location.prefix === '' ? '' : `${location.prefix}/`;
    const files = sortByPathBytes(
      writer.files
        .filter((file) => file.path.startsWith(prefix))
        .map((file) => ({
          path: file.path.slice(prefix.length),
          size: file.size,
          executable: file.executable,
        })),
      (file) => file.path,
    );
    const root = directory;
    return {
      directory: root,
      skillDirectory: location.prefix === '' ? root : path.join(root, location.prefix),
      files,
      totalBytes: writer.expandedBytes,
      format: format.kind,
      dispose: () => removeInside(root, path.dirname(root)),
    };
  } catch (error) {
    // Every background write has finished before the folder goes, so nothing reappears after rm.
    await writer?.settle().catch(() => undefined);
    if (directory !== undefined) await removeInside(directory, path.dirname(directory));
    throw error;
  } finally {
    await closeDescriptor(descriptor);
  }
}

/** The whole archive; only used for zips, which are at most `maxCompressedBytes` (checked first). */
async function readWhole(descriptor: number, size: number): Promise<Buffer> {
  const archive = Buffer.allocUnsafe(size);
  const bytesRead = await readAt(descriptor, archive, 0, size, 0);
  return bytesRead === size ? archive : archive.subarray(0, bytesRead);
}

async function detectFormat(
  descriptor: number,
  archivePath: string,
  limits: ArchiveLimits,
): Promise<{ kind: 'zip' | 'tar' | 'tgz'; size: number }> {
  const stats = await statDescriptor(descriptor);
  if (!stats.isFile()) {
    throw new UserInputError('not_an_archive', `${archivePath} is not a file`, {
      details: { path: archivePath },
    });
  }
  if (stats.size > limits.maxCompressedBytes) {
    throw new SecurityError(
      'archive_too_large',
      `${archivePath} is ${stats.size} bytes; the limit for an archive is ${limits.maxCompressedBytes}`,
      {
        details: {
          entry: '(archive)',
          path: archivePath,
          limit: limits.maxCompressedBytes,
          actual: stats.size,
        },
      },
    );
  }
  const head = Buffer.alloc(512);
  const { bytesRead } = await readDescriptor(descriptor, head, 0, head.length, 0);
  if (bytesRead >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5))
    return { kind: 'zip', size: stats.size };
  if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return { kind: 'tgz', size: stats.size };
  if (bytesRead >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar')
    return { kind: 'tar', size: stats.size };
  throw new UserInputError('not_an_archive', `${archivePath} is not a zip, tar.gz or tar archive`, {
    details: { path: archivePath },
  });
}
