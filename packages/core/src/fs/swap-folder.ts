import { randomBytes } from 'node:crypto';
import { lstat, rename } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, SecurityError } from '../errors.js';
import { proveInside } from './prove-inside.js';
import { removeInside } from './remove-inside.js';

/** The writes of a {@link swapFolder}, in the order they happen. */
export type SwapFolderStep =
  /** Rename the folder at the target to a fresh name beside the staged folder. */
  | 'move-aside'
  /** Rename the staged folder to the target. */
  | 'rename';

/** Options of {@link swapFolder}. */
export interface SwapFolderOptions {
  /** The folder `target` must stay inside, proven on real paths (SPEC SEC1). Default: its parent. */
  readonly folder?: string;
  /**
   * Whether a folder at the target is replaced (the default) or refused with `ConflictError`
   * `folder_exists` before anything moves.
   */
  readonly replace?: boolean;
  /**
   * Leave the old folder where it was moved aside and return its path, for a transaction that
   * deletes it at its own commit point (or renames it back on its rollback). Default: deleted here.
   */
  readonly keepAside?: boolean;
  /** Test hook: runs before each write and may throw to fail the swap at that step. */
  readonly before?: (step: SwapFolderStep, detail: { readonly path: string }) => void | Promise<void>;
}

/** What {@link swapFolder} did. */
export interface SwappedFolder {
  /** Whether a folder was at the target before. */
  readonly replaced: boolean;
  /** Where the old folder waits, with `keepAside` when there was one; otherwise undefined. */
  readonly aside: string | undefined;
  /** Problems deleting the old folder after the swap (it still happened): a leftover to report. */
  readonly warnings: readonly string[];
}

/**
 * The one way Skilldock puts a prepared folder in place of another: readers see the old folder or
 * the new one, never a mix. `staged` is a complete folder on the target's file system (a private
 * work folder, or a sibling of the target); the folder at `target` is renamed aside beside it,
 * `staged` renamed to `target`, and the old folder deleted. The target is first proven to be inside
 * `folder` on real paths (SPEC SEC1); a link at the target is refused, never followed or replaced.
 * A failure before the new folder is in puts the old one back: the target is as it was and
 * `staged` is left where it was for its owner to remove.
 * @throws SecurityError `path_outside_folder`, `symlink_refused`; ConflictError `folder_exists`
 *   (with `replace: false`). Nothing has moved then.
 * @example await swapFolder(path.join(work, 'pdf'), path.join(skills, 'pdf'), { folder: skills });
 */
export async function swapFolder(
  staged: string,
  target: string,
  {
    folder = path.dirname(path.resolve(target)),
    replace = true,
    keepAside = false,
    before,
  }: SwapFolderOptions = {},
): Promise<SwappedFolder> {
  const real = await proveInside(target, folder);
  const existing = await lstat(real).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.isSymbolicLink()) {
    throw new SecurityError(
      'symlink_refused',
      `${target} is a link; a folder is never swapped in through a link, and nothing was changed.`,
      { details: { path: target } },
    );
  }
  if (existing !== undefined && !replace) {
    throw new ConflictError('folder_exists', `${target} already exists; nothing was changed.`, {
      details: { path: target },
    });
  }
  if (existing === undefined) {
    await before?.('rename', { path: target });
    await rename(staged, real);
    return { replaced: false, aside: undefined, warnings: [] };
  }
  const aside = path.join(
    path.dirname(path.resolve(staged)),
    `.${path.basename(real)}.skilldock-old-${randomBytes(4).toString('hex')}`,
  );
  await before?.('move-aside', { path: target });
  await rename(real, aside);
  try {
    await before?.('rename', { path: target });
    await rename(staged, real);
  } catch (error) {
    await rename(aside, real);
    throw error;
  }
  if (keepAside) return { replaced: true, aside, warnings: [] };
  try {
    await removeInside(aside, path.dirname(aside));
  } catch (error) {
    return {
      replaced: true,
      aside: undefined,
      warnings: [`could not remove ${aside}: ${(error as Error).message}`],
    };
  }
  return { replaced: true, aside: undefined, warnings: [] };
}
