import { read } from 'node:fs';
import { Readable } from 'node:stream';

/**
 * A readable stream over bytes `[start, end)` of a file descriptor, with positioned reads. Unlike
 * `fs.createReadStream({ fd })` it never closes the descriptor — Node's stream closes it on
 * `destroy()` whatever `autoClose` says — so several streams and the owner can share one
 * descriptor safely.
 */
export function descriptorRangeStream(
  descriptor: number,
  start: number,
  end: number,
  chunkBytes = 256 * 1024,
): Readable {
  let position = start;
  return new Readable({
    highWaterMark: chunkBytes,
    read(size) {
      const length = Math.min(Math.max(size, chunkBytes), end - position);
      if (length <= 0) {
        this.push(null);
        return;
      }
      const buffer = Buffer.allocUnsafe(length);
      read(descriptor, buffer, 0, length, position, (error, bytesRead) => {
        if (error) return this.destroy(error);
        if (bytesRead === 0) return this.push(null);
        position += bytesRead;
        this.push(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
      });
    },
  });
}
