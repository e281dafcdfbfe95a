import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Why a file could not be read safely. */
export type ReadRegularFileFailure =
  | { readonly reason: 'missing' }
  | { readonly reason: 'not-regular'; readonly kind: string }
  | { readonly reason: 'symlink-outside'; readonly target: string }
  | { readonly reason: 'too-large'; readonly size: number }
  | { readonly reason: 'unreadable'; readonly error: NodeJS.ErrnoException };

export type ReadRegularFileResult =
  | { readonly ok: true; readonly bytes: Buffer; readonly realPath: string }
  | ({ readonly ok: false } & ReadRegularFileFailure);

/**
 * Reads a file only when it is a regular file no larger than `maxBytes`, and — if it is a symlink —
 * only when its target stays inside one of `allowedRoots`. FIFOs, sockets and devices are refused
 * without ever blocking on them (opened non-blocking and checked with fstat).
 */
export async function readRegularFile(
  filePath: string,
  { maxBytes, allowedRoots = [] }: { maxBytes: number; allowedRoots?: readonly string[] },
): Promise<ReadRegularFileResult> {
  let linkStats: Stats;
  try {
    linkStats = await lstat(filePath);
  } catch (error) {
    const errno = error as NodeJS.ErrnoException;
    if (errno.code === 'ENOENT' || errno.code === 'ENOTDIR') return { ok: false, reason: 'missing' };
    return { ok: false, reason: 'unreadable', error: errno };
  }
  let realPath = filePath;
  if (linkStats.isSymbolicLink()) {
    try {
      realPath = await realpath(filePath);
    } catch {
      return { ok: false, reason: 'missing' };
    }
    // Compare real paths on both sides: a root reached through a link (macOS /var, a symlinked
    // skills folder) must still contain its own files.
    const realRoots = await Promise.all(allowedRoots.map((root) => realpath(root).catch(() => root)));
    if (!realRoots.some((root) => isInside(root, realPath)))
      return { ok: false, reason: 'symlink-outside', target: realPath };
  } else if (!linkStats.isFile()) {
    return { ok: false, reason: 'not-regular', kind: describeKind(linkStats) };
  }

  // `realPath` names the final file itself, so a link swapped in after the check is refused too.
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(realPath, flags);
  } catch (error) {
    return { ok: false, reason: 'unreadable', error: error as NodeJS.ErrnoException };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { ok: false, reason: 'not-regular', kind: describeKind(stats) };
    if (stats.size > maxBytes) return { ok: false, reason: 'too-large', size: stats.size };
    // Read one byte past the limit so a file that grew after fstat is still caught.
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > maxBytes) return { ok: false, reason: 'too-large', size: filled };
    return { ok: true, bytes: buffer.subarray(0, filled), realPath };
  } catch (error) {
    return { ok: false, reason: 'unreadable', error: error as NodeJS.ErrnoException };
  } finally {
    await handle.close();
  }
}

/** True when `candidate` is `root` or lies below it. Both must be absolute. */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'FIFO';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'special file';
}
