import { constants, type Stats } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { isSafePathSegment, removeInside } from '@skilldock/core/fs';
import './error-codes.js';

/** The folder under the data folder that holds one work folder per run: `<data>/run-work`. */
export function runWorkRoot(dataDirectory: string): string {
  return path.join(path.resolve(dataDirectory), 'run-work');
}

/** Whether `runId` can name a run's work folder (SPEC SEC1: the one safe-segment check, and no leading dot). */
export function isSafeRunId(runId: string): boolean {
  return typeof runId === 'string' && isSafePathSegment(runId) && !runId.startsWith('.');
}

/** Returns `runId` when {@link isSafeRunId}, else throws `UserInputError` `invalid_run_id`. */
export function assertSafeRunId(runId: string): string {
  if (isSafeRunId(runId)) return runId;
  throw new UserInputError('invalid_run_id', `${JSON.stringify(String(runId))} cannot name a run.`, {
    details: { field: 'runId' },
  });
}

/**
 * Where the run `runId` writes (SPEC Y7, Y17): `<data>/run-work/<runId>`, the one folder its tools
 * may write. Pure: nothing is created (see {@link createRunWorkFolder}).
 * @throws UserInputError `invalid_run_id`.
 * @example const workFolder = runWorkFolder(dataDir, run.id);
 */
export function runWorkFolder(dataDirectory: string, runId: string): string {
  return path.join(runWorkRoot(dataDirectory), assertSafeRunId(runId));
}

/**
 * Creates the run's work folder (mode 0700) and returns its path; an existing one is kept (a
 * resumed run goes on where it stopped). `run-work/` and the folder itself must be real folders: a
 * link planted at either is refused (`SecurityError` `symlink_refused`), a file `not_a_directory`.
 * @example const workFolder = await createRunWorkFolder(dataDir, run.id);
 */
export async function createRunWorkFolder(dataDirectory: string, runId: string): Promise<string> {
  const folder = runWorkFolder(dataDirectory, runId);
  const root = runWorkRoot(dataDirectory);
  await mkdir(path.dirname(root), { recursive: true });
  for (const [directory, mode] of [
    [root, 0o711],
    [folder, 0o700],
  ] as const) {
    await mkdir(directory, { mode }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    assertRealFolder(await lstat(directory), directory);
  }
  return folder;
}

/**
 * Removes the run's work folder and everything in it (SPEC Y15, SEC1): proven inside `run-work/`,
 * links inside removed as links and never followed. A sandboxed command may have left folders it
 * made unreadable (mode 000), so each folder is opened up first — a link is never chmod-ed.
 * Missing is no error. Call it only once the run's commands have ended.
 * @example await removeRunWorkFolder(dataDir, run.id);
 */
export async function removeRunWorkFolder(dataDirectory: string, runId: string): Promise<void> {
  const folder = runWorkFolder(dataDirectory, runId);
  const root = runWorkRoot(dataDirectory);
  const stats = await lstat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stats?.isDirectory()) await openUpFolders(folder);
  await removeInside(folder, root);
}

/** Makes every folder under `directory` (itself included) searchable and writable by its owner. */
async function openUpFolders(directory: string): Promise<void> {
  await chmodFolder(directory, 0o700);
  for (const entry of await readdir(directory, { withFileTypes: true }))
    if (entry.isDirectory()) await openUpFolders(path.join(directory, entry.name));
}

async function chmodFolder(directory: string, mode: number): Promise<void> {
  try {
    // Through a descriptor that refuses links, so a link swapped in never has its target changed.
    const handle = await open(directory, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      await handle.chmod(mode);
    } finally {
      await handle.close();
    }
  } catch (error) {
    // A folder its owner made unreadable cannot be opened; it is still the folder lstat saw.
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    const stats = await lstat(directory);
    if (!stats.isDirectory() || stats.isSymbolicLink()) throw error;
    await chmod(directory, mode);
  }
}

function assertRealFolder(stats: Stats, directory: string): void {
  if (stats.isSymbolicLink())
    throw new SecurityError(
      'symlink_refused',
      `${directory} is a symbolic link; a run's work folder is never reached through a link.`,
      { details: { path: directory } },
    );
  if (!stats.isDirectory())
    throw new UserInputError('not_a_directory', `${directory} is not a folder.`, {
      details: { path: directory },
    });
}
