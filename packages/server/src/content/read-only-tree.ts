import { constants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { removeInside } from '@skilldock/core/fs';
import type { CollectedPackageFiles } from '@skilldock/core/package';

/** Read-only modes of a projected entry (SPEC Y7): files 0444 (0555 when executable), folders 0555. */
const READ_ONLY_FILE = 0o444;
const READ_ONLY_EXECUTABLE = 0o555;
const READ_ONLY_FOLDER = 0o555;
/** What a folder needs while it is being moved or emptied (Linux asks write permission on a moved folder for its `..`). */
const WRITABLE_FOLDER = 0o755;

/**
 * Sets the mode of the folder at `directory` through a descriptor opened with `O_NOFOLLOW`, so a
 * link swapped in is refused (`ELOOP`) instead of having its target's mode changed.
 */
export async function chmodFolder(directory: string, mode: number): Promise<void> {
  const handle = await open(directory, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/**
 * Makes a freshly copied entry read-only (files 0444/0555, folders 0555) except its top folder,
 * which stays writable until it has been renamed into place (`sealFolder`).
 */
export async function makeCopyReadOnly(root: string, collected: CollectedPackageFiles): Promise<void> {
  for (const file of collected.files) {
    const handle = await open(
      path.join(root, ...file.path.split('/')),
      constants.O_RDONLY | constants.O_NOFOLLOW,
    );
    try {
      await handle.chmod(file.executable ? READ_ONLY_EXECUTABLE : READ_ONLY_FILE);
    } finally {
      await handle.close();
    }
  }
  const deepestFirst = [...collected.directories].sort((a, b) => b.length - a.length);
  for (const directory of deepestFirst)
    await chmodFolder(path.join(root, ...directory.split('/')), READ_ONLY_FOLDER);
}

/** The last step of placing an entry: its top folder becomes read-only too. */
export function sealFolder(directory: string): Promise<void> {
  return chmodFolder(directory, READ_ONLY_FOLDER);
}

/** The first step of moving an entry out: its top folder becomes writable again. */
export function unsealFolder(directory: string): Promise<void> {
  return chmodFolder(directory, WRITABLE_FOLDER);
}

/**
 * Removes a read-only tree through core's `removeInside` (SPEC SEC1: proven inside `folder`, a link
 * removed as a link, never followed): its folders are made writable first, each through a
 * descriptor that refuses links, so the delete also works when the server does not run as root.
 */
export async function removeReadOnlyTree(target: string, folder: string): Promise<void> {
  await makeTreeWritable(target);
  await removeInside(target, folder);
}

async function makeTreeWritable(directory: string): Promise<void> {
  try {
    await chmodFolder(directory, WRITABLE_FOLDER);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Missing, a link (ELOOP) or a file (ENOTDIR): nothing to open up; removeInside handles it.
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR') return;
    throw error;
  }
  for (const entry of await readdir(directory, { withFileTypes: true }))
    if (entry.isDirectory()) await makeTreeWritable(path.join(directory, entry.name));
}
