import { createHash } from 'node:crypto';
import { SecurityError } from '../errors.js';
import { matchNameRule } from './classify-package-file.js';
import { sortByPathBytes } from './compare-paths.js';
import { HASH_CHUNK_BYTES, sha256OfHandle } from './hash-file-contents.js';
import { runConcurrently } from './run-concurrently.js';
import { walkPackageTree } from './walk-package-tree.js';
import { isExecutable, symlinkError, withRegularFile } from './with-regular-file.js';

/** Options of {@link computeDirectoryRevision}. */
export interface ComputeDirectoryRevisionOptions {
  /** Leave out the P2 noise (`.git`, `node_modules`, `dist`, swap files, …). Default true. */
  readonly ignoreNoise?: boolean;
}

/** First bytes of the hashed stream; a new layout gets a new version. */
export const DIRECTORY_REVISION_HEADER = 'skilldock-directory-revision-v1\n';

/**
 * Files hashed at once. Reads overlap with hashing on the main thread; beyond ~8 the disk and the
 * thread pool (4 threads) are saturated and more only costs memory (one 1 MiB buffer per worker).
 */
const HASH_CONCURRENCY = 8;

/**
 * The revision of a folder (SPEC P1): `sha256:` and 64 hex digits. It changes when any name,
 * content, executable bit or folder changes, and never with mtimes, owners or other mode bits.
 *
 * Byte layout (so it can be reimplemented): SHA-256 over the ASCII header
 * `skilldock-directory-revision-v1\n`, then one record per entry below the folder (the folder
 * itself has none), in the byte order of the entries' UTF-8 relative POSIX paths:
 * - a file: `f`, then `x` if the owner-executable bit is set else `-`, a space, the path, a NUL
 *   byte, then the 32 raw bytes of the SHA-256 of the file's contents;
 * - a folder (empty ones too): `d- `, the path, a NUL byte.
 *
 * With `ignoreNoise` (the default) the P2 noise entries and everything inside them are left out.
 * A symbolic link or special file anywhere is refused with a `SecurityError` naming its path.
 * @example
 * await computeDirectoryRevision('skills/pdf'); // 'sha256:3a7bd3e2…'
 */
export async function computeDirectoryRevision(
  directory: string,
  { ignoreNoise = true }: ComputeDirectoryRevisionOptions = {},
): Promise<string> {
  const entries = await walkPackageTree(directory, {
    skip: (entry) =>
      ignoreNoise &&
      (entry.type === 'file' || entry.type === 'directory') &&
      matchNameRule(entry.path.slice(entry.path.lastIndexOf('/') + 1), entry.type === 'directory')?.kind ===
        'noise',
  });
  for (const entry of entries) {
    if (entry.type === 'symlink') throw symlinkError(entry.path);
    if (entry.type === 'special') {
      throw new SecurityError('special_file', `${entry.path} is not a regular file or folder; remove it`, {
        details: { path: entry.path },
      });
    }
  }
  const files = entries.filter((entry) => entry.type === 'file');
  const buffers: Buffer[] = [];
  const fileRecords = await runConcurrently(files, HASH_CONCURRENCY, (file) =>
    withRegularFile(file.absolutePath, file.path, async (handle, stats) => {
      const buffer = buffers.pop() ?? Buffer.allocUnsafe(HASH_CHUNK_BYTES);
      try {
        return { executable: isExecutable(stats), digest: await sha256OfHandle(handle, buffer) };
      } finally {
        buffers.push(buffer);
      }
    }),
  );
  let fileIndex = 0;
  return directoryRevisionOfRecords(
    entries.map((entry): DirectoryRevisionRecord => {
      if (entry.type === 'directory') return { path: entry.path, type: 'directory' };
      const record = fileRecords[fileIndex++]!;
      return { path: entry.path, type: 'file', executable: record.executable, digest: record.digest };
    }),
  );
}

/** One entry of a folder as the revision sees it; `digest` is the raw SHA-256 of a file's bytes. */
export type DirectoryRevisionRecord =
  | { readonly path: string; readonly type: 'directory' }
  | {
      readonly path: string;
      readonly type: 'file';
      readonly executable: boolean;
      readonly digest: Uint8Array;
    };

/**
 * The revision of a folder from records the caller already has (the byte layout of
 * {@link computeDirectoryRevision}, which walks and reads the folder itself): an install that has
 * just copied each file hashes the bytes in hand instead of reading them back. The records are
 * ordered here by the bytes of their paths; they must not hold noise the revision leaves out.
 */
export function directoryRevisionOfRecords(records: readonly DirectoryRevisionRecord[]): string {
  const hash = createHash('sha256').update(DIRECTORY_REVISION_HEADER);
  for (const record of sortByPathBytes(records, (entry) => entry.path)) {
    if (record.type === 'directory') {
      hash.update(`d- ${record.path}\0`);
      continue;
    }
    hash.update(`f${record.executable ? 'x' : '-'} ${record.path}\0`);
    hash.update(record.digest);
  }
  return `sha256:${hash.digest('hex')}`;
}
