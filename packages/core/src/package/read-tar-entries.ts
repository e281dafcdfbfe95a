import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { SecurityError, UserInputError } from '../errors.js';
import type { ArchiveEntryHeader, ArchiveEntryWriter } from './archive-entry-writer.js';
import type { ArchiveLimits } from './archive-limits.js';
import { descriptorRangeStream } from './descriptor-range-stream.js';

/** tar's own bookkeeping per entry (header, pax record, padding) on top of the file bytes. */
const TAR_OVERHEAD_PER_ENTRY = 2048;
/** End-of-archive blocks and record padding (GNU tar pads to 10 KiB records). */
const TAR_TRAILER_ALLOWANCE = 1024 * 1024;
/** Pax and long-name records larger than this are refused (tar then reports them as ignored). */
const MAX_META_ENTRY_BYTES = 64 * 1024;

/**
 * Reads a `.tar.gz` / `.tgz` (or plain `.tar`) into `writer` with tar v7's `Parser` in strict mode
 * (a bad checksum or truncated input is an error). Decompression is done here, so the whole
 * decompressed stream is counted too: a gzip bomb of padding or trailing zeros stops at
 * `maxExpandedBytes` plus tar's per-entry overhead, whatever the headers say.
 */
export async function readTarEntries(
  descriptor: number,
  size: number,
  compressed: boolean,
  writer: ArchiveEntryWriter,
  limits: ArchiveLimits,
): Promise<void> {
  const reading = startTarParser(writer);
  const feed = feedTarParser(reading, writer, limits);
  const source = descriptorRangeStream(descriptor, 0, size, 1024 * 1024);
  try {
    if (compressed) await pipeline(source, createGunzip(), feed);
    else await pipeline(source, feed);
  } catch (error) {
    if (reading.failure) throw reading.failure.error;
    throw gzipError(error) ?? error;
  }
}

/** A tar parser wired to the writer, and the first failure anything along the way reported. */
interface TarReading {
  readonly parser: Parser;
  /** Settles when the parser ends or aborts. */
  readonly done: Promise<void>;
  failure: { readonly error: unknown } | undefined;
  sawEndOfArchive: boolean;
  fail(error: unknown): void;
}

/** Phase 1: a strict parser whose entries go to `writer`; every problem becomes `failure`. */
function startTarParser(writer: ArchiveEntryWriter): TarReading {
  const parser = new Parser({ strict: true, maxMetaEntrySize: MAX_META_ENTRY_BYTES });
  const reading: TarReading = {
    parser,
    done: new Promise<void>((resolve) => {
      parser.on('end', resolve);
      parser.on('abort', resolve);
    }),
    failure: undefined,
    sawEndOfArchive: false,
    fail(error) {
      reading.failure ??= { error };
    },
  };
  parser.on('eof', () => {
    reading.sawEndOfArchive = true;
  });
  parser.on('error', (error: Error) => {
    reading.fail(
      new UserInputError('corrupt_archive', `the tar archive is damaged or truncated: ${error.message}`, {
        cause: error,
      }),
    );
  });
  parser.on('ignoredEntry', (entry: ReadEntry) => {
    reading.fail(
      new SecurityError(
        'special_entry',
        `archive entry '${entry.path}' has an unsupported tar type (${entry.type})`,
        {
          details: { entry: entry.path, type: entry.type },
        },
      ),
    );
  });
  parser.on('entry', (entry: ReadEntry) => collectEntry(entry, writer, reading));
  return reading;
}

/** One entry: announced to the writer, its bytes counted as they flow, written when complete. */
function collectEntry(entry: ReadEntry, writer: ArchiveEntryWriter, reading: TarReading): void {
  if (reading.failure) {
    entry.resume();
    return;
  }
  try {
    const accepted = writer.begin(describeEntry(entry));
    if (accepted === undefined) {
      entry.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    entry.on('data', (chunk: Buffer) => {
      if (reading.failure) return;
      try {
        writer.count(accepted, chunk.length);
        chunks.push(chunk);
        size += chunk.length;
      } catch (error) {
        reading.fail(error);
      }
    });
    entry.on('end', () => {
      if (reading.failure) return;
      try {
        writer.write(accepted, Buffer.concat(chunks, size));
      } catch (error) {
        reading.fail(error);
      }
    });
  } catch (error) {
    reading.fail(error);
    entry.resume();
  }
}

/**
 * Phase 2: the pipeline's sink. Counts every decompressed byte against the stream limit, hands the
 * bytes to the parser until its end-of-archive blocks, and stops at the first failure.
 */
function feedTarParser(
  reading: TarReading,
  writer: ArchiveEntryWriter,
  limits: ArchiveLimits,
): (chunks: AsyncIterable<Buffer>) => Promise<void> {
  const streamLimit =
    limits.maxExpandedBytes + limits.maxEntries * TAR_OVERHEAD_PER_ENTRY + TAR_TRAILER_ALLOWANCE;
  return async (chunks) => {
    let decompressedBytes = 0;
    for await (const chunk of chunks) {
      decompressedBytes += chunk.length;
      if (decompressedBytes > streamLimit) {
        // Recorded before throwing: the pipeline may reject with its own abort error instead.
        reading.fail(
          new SecurityError(
            'archive_too_large_expanded',
            `the tar stream expands past ${streamLimit} bytes; the limit is ${limits.maxExpandedBytes} bytes of files`,
            { details: { entry: '(tar stream)', limit: limits.maxExpandedBytes, actual: decompressedBytes } },
          ),
        );
      }
      // The parser consumes each chunk synchronously (every entry is flowing), so its return value
      // is not waited on. After the end-of-archive blocks it would only pile bytes up (quadratically),
      // so the rest is drained and counted without it: trailing zeros cannot hide a bomb.
      if (!reading.sawEndOfArchive) reading.parser.write(chunk);
      if (reading.failure) throw reading.failure.error;
      await writer.room();
    }
    reading.parser.end();
    await reading.done;
    if (reading.failure) throw reading.failure.error;
  };
}

/** zlib's own failure (`Z_…` codes) as a `corrupt_archive`, else `undefined`. */
function gzipError(error: unknown): UserInputError | undefined {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (typeof code !== 'string' || !code.startsWith('Z_')) return undefined;
  return new UserInputError(
    'corrupt_archive',
    `the gzip stream is damaged or truncated: ${(error as Error).message}`,
    {
      cause: error,
    },
  );
}

function describeEntry(entry: ReadEntry): ArchiveEntryHeader {
  if (entry.path.includes('\uFFFD')) {
    throw new SecurityError(
      'entry_name_not_utf8',
      `archive entry '${entry.path}' has a name that is not UTF-8`,
      {
        details: { entry: entry.path },
      },
    );
  }
  const type: ArchiveEntryHeader['type'] =
    entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile'
      ? 'file'
      : entry.type === 'Directory'
        ? 'directory'
        : entry.type === 'SymbolicLink'
          ? 'symlink'
          : entry.type === 'Link'
            ? 'hardlink'
            : entry.type === 'CharacterDevice' || entry.type === 'BlockDevice' || entry.type === 'FIFO'
              ? 'special'
              : 'unsupported';
  return { name: entry.path, type, declaredSize: entry.size, executable: ((entry.mode ?? 0) & 0o100) !== 0 };
}
