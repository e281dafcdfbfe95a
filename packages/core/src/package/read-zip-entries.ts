import { promisify } from 'node:util';
import { crc32, inflateRaw, inflateRawSync } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { SecurityError, UserInputError } from '../errors.js';
import type { AcceptedFileEntry, ArchiveEntryHeader, ArchiveEntryWriter } from './archive-entry-writer.js';
import type { ArchiveLimits } from './archive-limits.js';
import { decodeEntryName, describeRawName } from './decode-entry-name.js';

/**
 * Entries up to this size are inflated synchronously: for the typical skill file a hop to the
 * thread pool (and the futex traffic of waking it) costs more than the inflate itself. Larger
 * entries go to the pool so the event loop is never blocked for long.
 */
const SYNC_INFLATE_BYTES = 256 * 1024;

const inflate = promisify(inflateRaw);

const UNIX_HOST = 3;
const TYPE_MASK = 0o170000;
const REGULAR = 0o100000;
const FOLDER = 0o040000;
const SYMLINK = 0o120000;

/**
 * Reads a `.zip` held in memory (the caller read it whole: it is at most `maxCompressedBytes`) into
 * `writer` with yauzl: lazy entries, names as raw bytes (checked as UTF-8 here), sizes checked
 * against the headers and decompressed bytes counted by the writer before anything is kept.
 *
 * Tuning notes (bench/package.ts, 2,000 entries, 49 MiB): per-entry streams (`openReadStream`)
 * took 2.3× `unzip`; an strace showed ~45 futex calls per entry from thread-pool hops. Reading the
 * archive once, slicing each entry from memory, inflating small entries synchronously and leaving
 * only the file writes to the pool removed most of them.
 */
export async function readZipEntries(
  archive: Buffer,
  writer: ArchiveEntryWriter,
  limits: ArchiveLimits,
): Promise<void> {
  const zipfile = await openZip(archive);
  try {
    if (zipfile.entryCount > limits.maxEntries) {
      throw new SecurityError(
        'too_many_entries',
        `the archive lists ${zipfile.entryCount} entries; the limit is ${limits.maxEntries}`,
        { details: { entry: '(central directory)', limit: limits.maxEntries, actual: zipfile.entryCount } },
      );
    }
    const nextEntry = entryIterator(zipfile);
    for (let entry = await nextEntry(); entry !== undefined; entry = await nextEntry()) {
      const accepted = writer.begin(describeEntry(entry));
      if (accepted === undefined) continue;
      writer.write(accepted, await readOne(archive, entry, accepted, writer));
      await writer.room();
    }
  } finally {
    zipfile.close();
  }
}

function openZip(archive: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      archive,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (error, zipfile) => (error ? reject(corruptZip(error)) : resolve(zipfile)),
    );
  });
}

/** One `readEntry()` at a time, as a promise: the next entry, or undefined at the end. */
function entryIterator(zipfile: ZipFile): () => Promise<Entry | undefined> {
  let waiting: { resolve: (entry: Entry | undefined) => void; reject: (error: unknown) => void } | undefined;
  let failure: unknown;
  zipfile.on('entry', (entry: Entry) => waiting?.resolve(entry));
  zipfile.on('end', () => waiting?.resolve(undefined));
  zipfile.on('error', (error: Error) => {
    failure ??= corruptZip(error);
    waiting?.reject(failure);
  });
  return () =>
    new Promise((resolve, reject) => {
      if (failure !== undefined) return reject(failure);
      waiting = { resolve, reject };
      zipfile.readEntry();
    });
}

/**
 * The entry's decompressed bytes. zlib is given `maxOutputLength` one byte past the declared size —
 * which the writer has already reserved against the expanded limit — so it stops the moment the data
 * outgrows its header, whatever the header claims. The CRC-32 is checked, as unzip does.
 */
async function readOne(
  archive: Buffer,
  entry: Entry,
  file: AcceptedFileEntry,
  writer: ArchiveEntryWriter,
): Promise<Buffer> {
  const compressed = entryData(archive, entry, file.path);
  let contents: Buffer;
  if (entry.compressionMethod === 0) {
    contents = compressed;
  } else {
    const options = {
      maxOutputLength: entry.uncompressedSize + 1,
      // One output chunk for the whole entry instead of one per 16 KiB.
      chunkSize: Math.max(64 * 1024, Math.min(entry.uncompressedSize + 1, 4 * 1024 * 1024)),
    };
    try {
      contents =
        entry.uncompressedSize <= SYNC_INFLATE_BYTES
          ? inflateRawSync(compressed, options)
          : await inflate(compressed, options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw sizeMismatch(file.path, entry, 'more');
      throw new UserInputError(
        'corrupt_archive',
        `archive entry '${file.path}' is damaged: ${(error as Error).message}`,
        {
          details: { entry: file.path },
          cause: error,
        },
      );
    }
  }
  if (contents.length !== entry.uncompressedSize) {
    throw sizeMismatch(file.path, entry, contents.length > entry.uncompressedSize ? 'more' : 'fewer');
  }
  writer.count(file, contents.length);
  if (crc32(contents) !== entry.crc32) {
    throw new UserInputError('corrupt_archive', `archive entry '${file.path}' fails its CRC-32 check`, {
      details: { entry: file.path },
    });
  }
  return contents;
}

const LOCAL_HEADER_BYTES = 30;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;

/**
 * The entry's compressed bytes (what yauzl's `readLocalFileHeader({ minimal: true })` locates): the
 * data starts after the *local* name and extra field, whose lengths may differ from the central
 * directory's.
 */
function entryData(archive: Buffer, entry: Entry, path: string): Buffer {
  const start = entry.relativeOffsetOfLocalHeader;
  if (start + LOCAL_HEADER_BYTES > archive.length || archive.readUInt32LE(start) !== LOCAL_HEADER_SIGNATURE) {
    throw new UserInputError('corrupt_archive', `archive entry '${path}' has no valid local header`, {
      details: { entry: path },
    });
  }
  const dataStart =
    start + LOCAL_HEADER_BYTES + archive.readUInt16LE(start + 26) + archive.readUInt16LE(start + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > archive.length) {
    throw new UserInputError('corrupt_archive', `archive entry '${path}' runs past the end of the archive`, {
      details: { entry: path },
    });
  }
  return archive.subarray(dataStart, dataEnd);
}

function sizeMismatch(path: string, entry: Entry, direction: 'more' | 'fewer'): SecurityError {
  return new SecurityError(
    'entry_size_mismatch',
    `archive entry '${path}' holds ${direction} bytes than the ${entry.uncompressedSize} its header declares`,
    { details: { entry: path, limit: entry.uncompressedSize } },
  );
}

function describeEntry(entry: Entry): ArchiveEntryHeader {
  const raw = entry.fileName as unknown as Buffer;
  const name = decodeEntryName(raw);
  if (name === undefined) {
    throw new SecurityError(
      'entry_name_not_utf8',
      `archive entry ${describeRawName(raw)} has a name that is not UTF-8`,
      {
        details: { entry: describeRawName(raw) },
      },
    );
  }
  if (entry.isEncrypted()) {
    throw new UserInputError(
      'encrypted_entry',
      `archive entry '${name}' is encrypted; upload an unencrypted archive`,
      {
        details: { entry: name },
      },
    );
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new UserInputError(
      'unsupported_compression',
      `archive entry '${name}' uses compression method ${entry.compressionMethod}; only stored and deflated entries are supported`,
      { details: { entry: name, method: entry.compressionMethod } },
    );
  }
  const unixMode = entry.versionMadeBy >> 8 === UNIX_HOST ? entry.externalFileAttributes >>> 16 : 0;
  const fileType = unixMode & TYPE_MASK;
  const type: ArchiveEntryHeader['type'] =
    fileType === SYMLINK
      ? 'symlink'
      : fileType === FOLDER || name.endsWith('/')
        ? 'directory'
        : fileType === 0 || fileType === REGULAR
          ? 'file'
          : 'special';
  return { name, type, declaredSize: entry.uncompressedSize, executable: (unixMode & 0o100) !== 0 };
}

function corruptZip(error: Error): Error {
  return new UserInputError('corrupt_archive', `the zip archive is damaged or truncated: ${error.message}`, {
    cause: error,
  });
}
