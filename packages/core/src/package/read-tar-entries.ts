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
  const streamLimit =
    limits.maxExpandedBytes + limits.maxEntries * TAR_OVERHEAD_PER_ENTRY + TAR_TRAILER_ALLOWANCE;
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown): void => {
    failure ??= { error };
  };
  const parser = new Parser({ strict: true, maxMetaEntrySize: MAX_META_ENTRY_BYTES });
  const done = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('abort', resolve);
  });
  let sawEndOfArchive = false;
  parser.on('eof', () => {
    sawEndOfArchive = true;
  });
  parser.on('error', (error: Error) => {
    fail(
      new UserInputError('corrupt_archive', `the tar archive is damaged or truncated: ${error.message}`, {
        cause: error,
      }),
    );
  });
  parser.on('ignoredEntry', (entry: ReadEntry) => {
    fail(
      new SecurityError(
        'special_entry',
        `archive entry '${entry.path}' has an unsupported tar type (${entry.type})`,
        {
          details: { entry: entry.path, type: entry.type },
        },
      ),
    );
  });
  parser.on('entry', (entry: ReadEntry) => {
    if (failure) {
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
        if (failure) return;
        try {
          writer.count(accepted, chunk.length);
          chunks.push(chunk);
          size += chunk.length;
        } catch (error) {
          fail(error);
        }
      });
      entry.on('end', () => {
        if (failure) return;
        try {
          writer.write(accepted, Buffer.concat(chunks, size));
        } catch (error) {
          fail(error);
        }
      });
    } catch (error) {
      fail(error);
      entry.resume();
    }
  });

  const source = descriptorRangeStream(descriptor, 0, size, 1024 * 1024);
  let decompressedBytes = 0;
  const feedParser = async (chunks: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of chunks) {
      decompressedBytes += chunk.length;
      if (decompressedBytes > streamLimit) {
        // Recorded before throwing: the pipeline may reject with its own abort error instead.
        failure ??= {
          error: new SecurityError(
            'archive_too_large_expanded',
            `the tar stream expands past ${streamLimit} bytes; the limit is ${limits.maxExpandedBytes} bytes of files`,
            { details: { entry: '(tar stream)', limit: limits.maxExpandedBytes, actual: decompressedBytes } },
          ),
        };
      }
      // The parser consumes each chunk synchronously (every entry is flowing), so its return value
      // is not waited on. After the end-of-archive blocks it would only pile bytes up (quadratically),
      // so the rest is drained and counted without it: trailing zeros cannot hide a bomb.
      if (!sawEndOfArchive) parser.write(chunk);
      if (failure) throw failure.error;
      await writer.room();
    }
    parser.end();
    await done;
    if (failure) throw failure.error;
  };
  try {
    if (compressed) await pipeline(source, createGunzip(), feedParser);
    else await pipeline(source, feedParser);
  } catch (error) {
    if (failure) throw failure.error;
    if (
      error instanceof Error &&
      'code' in error &&
      typeof error.code === 'string' &&
      error.code.startsWith('Z_')
    ) {
      throw new UserInputError(
        'corrupt_archive',
        `the gzip stream is damaged or truncated: ${error.message}`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
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
