import { join } from 'node:path';
import { fdir } from 'fdir';
import { createGitignoreMatcher } from '../tools/gitignore-matcher.js';
import { SKIPPED_FOLDER_NAMES } from '../tools/walk-project-files.js';

/** What {@link walkLearnFolder} found: files relative to the folder, and whether the budget cut the walk. */
export interface LearnFolderWalk {
  readonly files: readonly string[];
  /** The walk met more than `maxEntries` files and folders and stopped. */
  readonly cut: boolean;
}

/**
 * Lists the files of a folder source (SPEC L1, SEC4) as `/`-separated paths relative to it: `.git`
 * and `node_modules` are never entered, links are never followed, what the `.gitignore` files from
 * `gitignoreRoot` down ignore is left out, and the walk stops after `maxEntries` files and folders
 * (a home folder or a monorepo must not hold the run for minutes).
 */
export async function walkLearnFolder(
  folder: string,
  options: { readonly gitignoreRoot: string; readonly maxEntries: number; readonly signal?: AbortSignal },
): Promise<LearnFolderWalk> {
  const gitignore = createGitignoreMatcher(options.gitignoreRoot);
  const stop = new AbortController();
  options.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  let entries = 0;
  let cut = false;
  const counted = () => {
    entries++;
    if (entries <= options.maxEntries) return true;
    cut = true;
    stop.abort();
    return false;
  };
  const files = await new fdir()
    .withRelativePaths()
    .withPathSeparator('/')
    .withAbortSignal(stop.signal)
    .exclude((name, directoryPath) => {
      if (SKIPPED_FOLDER_NAMES.has(name)) return true;
      if (gitignore.isIgnored(directoryPath.replace(/[\\/]+$/, ''), true)) return true;
      return !counted();
    })
    .filter((relative) => !gitignore.isIgnored(join(folder, relative), false) && counted())
    .crawl(folder)
    .withPromise();
  return { files, cut };
}
