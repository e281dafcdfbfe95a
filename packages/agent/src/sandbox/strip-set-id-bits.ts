import { constants } from 'node:fs';
import { chmod, lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The set-user-id and set-group-id bits. */
const SET_ID_BITS = 0o6000;

/**
 * Clears the set-user-id and set-group-id bits of every file and folder under `folder` (itself
 * included), never following a link, and returns how many it changed (SPEC SEC4, Y17). A
 * sandboxed command may `chmod 4755` a file it made: inside, every bind is `nosuid`, but on the
 * host that file is owned by the user the sandbox maps to — root when the server runs as root — and
 * would run with that user's rights. Call it once the command has ended (its namespace is gone,
 * so nothing inside can set a bit again); a folder the command made unreadable is opened for its
 * owner first. Written by hand: a walk with `lstat` and a descriptor opened with `O_NOFOLLOW`, so
 * an entry swapped for a link meanwhile is never followed to a file outside.
 * @example await stripSetIdBits(workFolder);
 */
export async function stripSetIdBits(folder: string): Promise<number> {
  const stats = await lstat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stats === undefined || stats.isSymbolicLink()) return 0;
  let changed = 0;
  if ((stats.mode & SET_ID_BITS) !== 0) {
    await chmodNoFollow(folder, stats.mode & 0o7777 & ~SET_ID_BITS, stats.isDirectory());
    changed += 1;
  }
  if (!stats.isDirectory()) return changed;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    await chmodNoFollow(folder, (stats.mode & 0o777 & ~SET_ID_BITS) | 0o700, true);
    names = await readdir(folder);
  }
  for (const name of names) changed += await stripSetIdBits(path.join(folder, name));
  return changed;
}

/** `chmod` through a descriptor that refuses links; by path (after `lstat` saw no link) when it cannot be opened. */
async function chmodNoFollow(file: string, mode: number, directory: boolean): Promise<void> {
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | (directory ? constants.O_DIRECTORY : 0);
  // O_NONBLOCK: a FIFO the command made must not block the open.
  const handle = await open(file, flags | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => {
    // Unreadable, or a socket (ENXIO): lstat below still proves it is no link.
    if (error.code === 'EACCES' || error.code === 'ENXIO') return undefined;
    throw error;
  });
  if (handle === undefined) {
    const again = await lstat(file);
    if (again.isSymbolicLink()) return;
    await chmod(file, mode);
    return;
  }
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}
