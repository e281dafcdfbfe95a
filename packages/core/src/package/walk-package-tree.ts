import { type Dirent, readdirSync, type Stats, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserInputError } from '../errors.js';
import { sortByPathBytes } from './compare-paths.js';

/** The type of a folder entry as the walk saw it (links are never followed). */
export type PackageTreeEntryType = 'file' | 'directory' | 'symlink' | 'special';

/** One entry under a skill folder. */
export interface PackageTreeEntry {
  /** Relative POSIX path, e.g. `scripts/run.sh`. */
  readonly path: string;
  readonly absolutePath: string;
  readonly type: PackageTreeEntryType;
}

/** Options of {@link walkPackageTree}. */
export interface WalkPackageTreeOptions {
  /** Return true to leave an entry out (a skipped folder is not entered). */
  readonly skip?: (entry: PackageTreeEntry) => boolean;
}

/**
 * Lists every entry under `directory` without following links, sorted by the byte order of the
 * relative path. The root itself may be reached through a link (the caller named it); nothing
 * below it is. A missing root or a root that is not a folder is a {@link UserInputError}.
 */
export async function walkPackageTree(
  directory: string,
  { skip }: WalkPackageTreeOptions = {},
): Promise<PackageTreeEntry[]> {
  await assertDirectory(directory);
  const entries: PackageTreeEntry[] = [];
  const visit = async (relativeFolder: string, absoluteFolder: string): Promise<void> => {
    const children: Dirent[] = await readdir(absoluteFolder, { withFileTypes: true });
    const folders: Promise<void>[] = [];
    for (const child of children) {
      const entry = treeEntry(relativeFolder, absoluteFolder, child);
      if (skip?.(entry)) continue;
      entries.push(entry);
      if (entry.type === 'directory') folders.push(visit(entry.path, entry.absolutePath));
    }
    await Promise.all(folders);
  };
  await visit('', directory);
  return sortByPathBytes(entries, (entry) => entry.path);
}

/**
 * {@link walkPackageTree} with synchronous calls, for callers that walk many small local folders
 * in a row (an install stages hundreds): each `readdirSync` costs a few microseconds, while the
 * promise API's thread-pool round trip costs more than the call itself.
 */
export function walkPackageTreeSync(
  directory: string,
  { skip }: WalkPackageTreeOptions = {},
): PackageTreeEntry[] {
  assertIsDirectory(directory, () => statSync(directory));
  const entries: PackageTreeEntry[] = [];
  const visit = (relativeFolder: string, absoluteFolder: string): void => {
    for (const child of readdirSync(absoluteFolder, { withFileTypes: true })) {
      const entry = treeEntry(relativeFolder, absoluteFolder, child);
      if (skip?.(entry)) continue;
      entries.push(entry);
      if (entry.type === 'directory') visit(entry.path, entry.absolutePath);
    }
  };
  visit('', directory);
  return sortByPathBytes(entries, (entry) => entry.path);
}

function treeEntry(relativeFolder: string, absoluteFolder: string, child: Dirent): PackageTreeEntry {
  return {
    path: relativeFolder ? `${relativeFolder}/${child.name}` : child.name,
    absolutePath: path.join(absoluteFolder, child.name),
    type: child.isFile()
      ? 'file'
      : child.isDirectory()
        ? 'directory'
        : child.isSymbolicLink()
          ? 'symlink'
          : 'special',
  };
}

async function assertDirectory(directory: string): Promise<void> {
  const stats = await stat(directory).catch((error: unknown) => {
    throw missingDirectoryError(directory, error);
  });
  assertIsDirectory(directory, () => stats);
}

/** Throws when `statOf` fails or names something other than a folder. */
function assertIsDirectory(directory: string, statOf: () => Stats): void {
  let stats: Stats;
  try {
    stats = statOf();
  } catch (error) {
    throw missingDirectoryError(directory, error);
  }
  if (!stats.isDirectory()) {
    throw new UserInputError('not_a_directory', `${directory} is not a folder`, {
      details: { path: directory },
    });
  }
}

function missingDirectoryError(directory: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT' && code !== 'ENOTDIR') return error;
  return new UserInputError('path_not_found', `${directory} does not exist`, {
    details: { path: directory },
    cause: error,
  });
}
