import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { type Failure, failure } from '../result.js';
import { isPathInsideAny } from './is-path-inside.js';

/** Why a file could not be read safely, with what the message needs. */
export type ReadRegularFileFailure =
  | Failure<'path_not_found'>
  | Failure<'special_file', { readonly kind: string }>
  | Failure<'symlink_refused', { readonly target: string }>
  | Failure<'file_too_large', { readonly size: number }>
  | Failure<'file_unreadable', { readonly error: NodeJS.ErrnoException }>;

export type ReadRegularFileResult =
  | { readonly ok: true; readonly bytes: Buffer; readonly realPath: string; readonly stats: Stats }
  | ReadRegularFileFailure;

const MISSING = failure('path_not_found', 'No such file.');
const symlinkOutside = (target: string) =>
  failure('symlink_refused', `The file is a symbolic link to ${target}, outside the allowed folders.`, {
    target,
  });
const tooLarge = (size: number, maxBytes: number) =>
  failure('file_too_large', `The file is ${size} bytes; at most ${maxBytes} are read.`, { size });
const unreadable = (error: NodeJS.ErrnoException) =>
  failure('file_unreadable', `The file cannot be read: ${error.code ?? error.message}`, { error });

/**
 * Reads a file only when it is a regular file no larger than `maxBytes`, and — if it is a symlink —
 * only when its target stays inside one of `allowedRoots`. FIFOs, sockets and devices are refused
 * without ever blocking on them (opened non-blocking and checked with fstat).
 *
 * Synchronous on purpose: discovery reads thousands of small files, and the promise-based file API
 * costs several times the read itself (issue 2 benchmark); each call is a few microseconds.
 */
export function readRegularFile(
  filePath: string,
  { maxBytes, allowedRoots = [] }: { maxBytes: number; allowedRoots?: readonly string[] },
): ReadRegularFileResult {
  let realPath = filePath;
  let descriptor = openNoFollow(filePath);
  if (descriptor === 'link') {
    try {
      realPath = realpathSync(filePath);
    } catch {
      return MISSING;
    }
    // Compare real paths on both sides: a root reached through a link (macOS /var, a symlinked
    // skills folder) must still contain its own files.
    const realRoots = allowedRoots.map((root) => {
      try {
        return realpathSync(root);
      } catch {
        return root;
      }
    });
    if (!isPathInsideAny(realPath, realRoots)) {
      return symlinkOutside(realPath);
    }
    // `realPath` names the final file itself, so a link swapped in after the check is refused too.
    descriptor = openNoFollow(realPath);
    if (descriptor === 'link') return symlinkOutside(realPath);
  }
  if (typeof descriptor !== 'number') return descriptor;
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) {
      const kind = describeKind(stats);
      return failure('special_file', `The path is a ${kind}, not a regular file.`, { kind });
    }
    if (stats.size > maxBytes) return tooLarge(stats.size, maxBytes);
    // Read one byte past the limit so a file that grew after fstat is still caught.
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const wanted = buffer.length - filled;
      const bytesRead = readSync(descriptor, buffer, filled, wanted, filled);
      filled += bytesRead;
      // A short read of a regular file means end of file: no second call just to see 0 bytes.
      if (bytesRead < wanted) break;
    }
    if (filled > maxBytes) return tooLarge(filled, maxBytes);
    return { ok: true, bytes: buffer.subarray(0, filled), realPath, stats };
  } catch (error) {
    return unreadable(error as NodeJS.ErrnoException);
  } finally {
    closeSync(descriptor);
  }
}

/** Opens without following a final symlink: a descriptor, `'link'`, or the failure. */
function openNoFollow(filePath: string): number | 'link' | ReadRegularFileFailure {
  try {
    return openSync(filePath, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const errno = error as NodeJS.ErrnoException;
    if (errno.code === 'ELOOP') return 'link';
    if (errno.code === 'ENOENT' || errno.code === 'ENOTDIR') return MISSING;
    return unreadable(errno);
  }
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'FIFO';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'special file';
}
