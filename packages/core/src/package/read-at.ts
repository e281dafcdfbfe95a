import { read } from 'node:fs';

/**
 * Reads up to `length` bytes at `position` into `buffer` with positioned reads, looping over short
 * reads; resolves with how many bytes were read (fewer only at the end of the file).
 */
export function readAt(
  descriptor: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let done = 0;
    const next = (): void => {
      if (done === length) {
        resolve(done);
        return;
      }
      read(descriptor, buffer, offset + done, length - done, position + done, (error, bytesRead) => {
        if (error) reject(error);
        else if (bytesRead === 0) resolve(done);
        else {
          done += bytesRead;
          next();
        }
      });
    };
    next();
  });
}
