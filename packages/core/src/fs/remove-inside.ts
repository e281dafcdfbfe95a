import { lstatSync, rmSync, unlinkSync } from 'node:fs';
import { lstat, rm, unlink } from 'node:fs/promises';
import { proveInside, proveInsideSync } from './prove-inside.js';

/**
 * The one way Skilldock deletes something recursively (SPEC SEC1): proves on real paths that
 * `target` is strictly inside `folder`, then removes the entry itself — a link is removed as a
 * link (its target is never touched), a folder with everything in it (links inside are removed,
 * not followed). A missing target is no error.
 * @throws SecurityError `path_outside_folder` (both paths named); nothing is touched then.
 * @example await removeInside(path.join(stagingParent, draftId), stagingParent);
 */
export async function removeInside(target: string, folder: string): Promise<void> {
  const real = await proveInside(target, folder);
  let isDirectory: boolean;
  try {
    isDirectory = (await lstat(real)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (isDirectory) await rm(real, { recursive: true, force: true });
  else await unlink(real).catch(ignoreMissing);
}

/** {@link removeInside}, synchronously (for signal handlers, which cannot wait). */
export function removeInsideSync(target: string, folder: string): void {
  const real = proveInsideSync(target, folder);
  let isDirectory: boolean;
  try {
    isDirectory = lstatSync(real).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (isDirectory) rmSync(real, { recursive: true, force: true });
  else {
    try {
      unlinkSync(real);
    } catch (error) {
      ignoreMissing(error);
    }
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
