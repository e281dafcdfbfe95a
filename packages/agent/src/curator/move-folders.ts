import { lstat, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, SecurityError, SkilldockError } from '@skilldock/core/errors';
import { proveInside } from '@skilldock/core/fs';

/** One folder move: `name` from one parent folder to another. */
export interface FolderMove {
  readonly name: string;
  readonly from: string;
  readonly to: string;
}

/** The one file operation the curator's moves use; a test passes one that fails on cue. */
export interface CuratorFileSystem {
  rename(from: string, to: string): Promise<void>;
}

/** Node's own `rename`. */
export const NODE_FILE_SYSTEM: CuratorFileSystem = { rename };

/**
 * Moves a folder (never a link) from `from/name` to `to/name` with one `rename`, after proving on
 * real paths that both ends stay in their folders (SPEC SEC1) and that nothing is at the target.
 */
export async function moveFolder(move: FolderMove, fileSystem: CuratorFileSystem): Promise<void> {
  const source = await proveInside(path.join(move.from, move.name), move.from);
  const stats = await lstat(source);
  if (!stats.isDirectory()) {
    throw new SecurityError(
      'symlink_refused',
      `${source} is not a plain folder (${stats.isSymbolicLink() ? 'a link' : 'a file'}); the curator moves only real folders.`,
      { details: { path: source } },
    );
  }
  await mkdir(move.to, { recursive: true, mode: 0o700 });
  const target = await proveInside(path.join(move.to, move.name), move.to);
  if ((await lstat(target).catch(() => undefined)) !== undefined) {
    throw new ConflictError('skill_exists', `${target} already exists; ${source} was not moved.`, {
      details: { path: target },
    });
  }
  await fileSystem.rename(source, target);
}

/**
 * Runs `moves` in order, then `commit`; when a move or the commit fails, the moves already made
 * are undone, last first, and the original error is thrown. When undoing fails too, throws
 * `SkilldockError` `curator_rollback_failed` naming both the failure and every move that could not
 * be undone (so the user knows which folders to put back).
 */
export async function moveFoldersWithRollback<T>(
  moves: readonly FolderMove[],
  commit: () => Promise<T>,
  fileSystem: CuratorFileSystem = NODE_FILE_SYSTEM,
): Promise<T> {
  const done: FolderMove[] = [];
  try {
    for (const move of moves) {
      await moveFolder(move, fileSystem);
      done.push(move);
    }
    return await commit();
  } catch (error) {
    const undoErrors: { move: FolderMove; error: unknown }[] = [];
    for (const move of done.reverse()) {
      try {
        await fileSystem.rename(path.join(move.to, move.name), path.join(move.from, move.name));
      } catch (undoError) {
        undoErrors.push({ move, error: undoError });
      }
    }
    if (undoErrors.length === 0) throw error;
    const stranded = undoErrors.map(({ move }) => path.join(move.to, move.name));
    throw new SkilldockError(
      'curator_rollback_failed',
      `Archiving failed (${(error as Error).message}) and putting the folders back failed too (${undoErrors
        .map(({ move, error: undoError }) => `${move.name}: ${(undoError as Error).message}`)
        .join('; ')}). Move these back by hand: ${stranded.join(', ')}.`,
      {
        cause: error,
        details: {
          error: (error as Error).message,
          rollbackErrors: undoErrors.map(({ move, error: undoError }) => ({
            name: move.name,
            path: path.join(move.to, move.name),
            message: (undoError as Error).message,
          })),
        },
      },
    );
  }
}
