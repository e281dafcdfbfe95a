import { join } from 'node:path';
import { fdir } from 'fdir';
import { createGitignoreMatcher } from './gitignore-matcher.js';

/** Folders never walked by glob and grep: tool noise, and huge. */
export const SKIPPED_FOLDER_NAMES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** Options of {@link walkProjectFiles}. */
export interface WalkProjectFilesOptions {
  readonly signal: AbortSignal;
  /** Keep a file only when this returns true for its path relative to the walked folder. */
  readonly filter?: (relativePath: string) => boolean;
  /** Leave symbolic links out (they are never followed either way). */
  readonly excludeSymlinks?: boolean;
  /** Skip what the `.gitignore` files from this folder (the project root) down ignore, as rg does. */
  readonly gitignoreRoot?: string;
}

/**
 * Lists the files below `folder` as `/`-separated paths relative to it, skipping
 * {@link SKIPPED_FOLDER_NAMES} and never following symbolic links. Unreadable folders are skipped.
 */
export async function walkProjectFiles(
  folder: string,
  { signal, filter, excludeSymlinks = false, gitignoreRoot }: WalkProjectFilesOptions,
): Promise<string[]> {
  const gitignore = gitignoreRoot === undefined ? undefined : createGitignoreMatcher(gitignoreRoot);
  let crawler = new fdir({ excludeSymlinks })
    .withRelativePaths()
    .withPathSeparator('/')
    .withAbortSignal(signal)
    .exclude(
      (name, directoryPath) =>
        SKIPPED_FOLDER_NAMES.has(name) ||
        (gitignore?.isIgnored(directoryPath.replace(/[\\/]+$/, ''), true) ?? false),
    );
  if (filter !== undefined || gitignore !== undefined) {
    crawler = crawler.filter(
      (path) =>
        (filter === undefined || filter(path)) && !(gitignore?.isIgnored(join(folder, path), false) ?? false),
    );
  }
  return crawler.crawl(folder).withPromise();
}
