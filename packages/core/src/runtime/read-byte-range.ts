import type { FileHandle } from 'node:fs/promises';
import { utf8BoundaryBefore } from './read-text-page.js';

/** Text read from a byte offset: what a cut line's note points to (SEC4). */
export interface ByteRange {
  /** The bytes as text; invalid UTF-8 shows as U+FFFD. */
  readonly text: string;
  /** Where the text starts (moved forward to the next character when the offset fell inside one). */
  readonly start: number;
  /** The byte after the text: pass it as the next byte offset. */
  readonly end: number;
  /** Size of the whole source in bytes. */
  readonly size: number;
}

/** Reads `length` bytes at `position` (fewer at the end of the source). */
export type ReadBytesAt = (position: number, length: number) => Promise<Uint8Array>;

/**
 * Read at most `maxBytes` bytes of text from `offset`, cut on character boundaries at both ends,
 * so a line too long for any page can still be read piece by piece. A NUL byte makes it binary.
 */
export async function readByteRange(
  readAt: ReadBytesAt,
  { offset, maxBytes, size }: { offset: number; maxBytes: number; size: number },
): Promise<ByteRange | { readonly binary: true }> {
  const first = Math.min(Math.max(0, offset), size);
  const window = await readAt(first, Math.min(maxBytes + 4, size - first));
  let skip = 0;
  // Continuation bytes (10xxxxxx) belong to the character before the offset.
  while (skip < 3 && skip < window.length && ((window[skip] ?? 0) & 0xc0) === 0x80) skip += 1;
  const end = utf8BoundaryBefore(window, skip + maxBytes);
  const bytes = window.subarray(skip, Math.max(end, skip));
  if (bytes.includes(0)) return { binary: true };
  return {
    text: new TextDecoder('utf-8').decode(bytes),
    start: first + skip,
    end: first + skip + bytes.length,
    size,
  };
}

/** A {@link ReadBytesAt} over an open file. */
export function readBytesFromHandle(handle: FileHandle): ReadBytesAt {
  return async (position, length) => {
    const buffer = Buffer.alloc(Math.max(0, length));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    return buffer.subarray(0, bytesRead);
  };
}

/** A {@link ReadBytesAt} over bytes held in memory. */
export function readBytesFromMemory(bytes: Uint8Array): ReadBytesAt {
  return async (position, length) => bytes.subarray(position, position + length);
}
