import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/** Chunk size for streaming a file into a hash: large enough that syscalls do not dominate. */
export const HASH_CHUNK_BYTES = 1024 * 1024;

/**
 * Streams an open file into `hash` with a reusable buffer, so memory stays flat for big files.
 * Returns how many bytes were read.
 */
export async function streamIntoHash(
  handle: FileHandle,
  hash: Hash,
  buffer: Buffer = Buffer.allocUnsafe(HASH_CHUNK_BYTES),
): Promise<number> {
  let total = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return total;
    hash.update(buffer.subarray(0, bytesRead));
    total += bytesRead;
  }
}

/** The SHA-256 digest of an open file's bytes. */
export async function sha256OfHandle(handle: FileHandle, buffer?: Buffer): Promise<Buffer> {
  const hash = createHash('sha256');
  await streamIntoHash(handle, hash, buffer);
  return hash.digest();
}
