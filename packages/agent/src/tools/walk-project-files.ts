import { fdir } from 'fdir';

/** Folders never walked by glob and grep: tool noise, and huge. */
export const SKIPPED_FOLDER_NAMES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** Options of {@link walkProjectFiles}. */
export interface WalkProjectFilesOptions {
  readonly signal: AbortSignal;
  /** Keep a file only when this returns true for its path relative to the walked folder. */
  readonly filter?: (relativePath: string) => boolean;
  /** Leave symbolic links out (they are never followed either way). */
  readonly excludeSymlinks?: boolean;
}

/**
 * Lists the files below `folder` as `/`-separated paths relative to it, skipping
 * {@link SKIPPED_FOLDER_NAMES} and never following symbolic links. Unreadable folders are skipped.
 */
export async function walkProjectFiles(
  folder: string,
  { signal, filter, excludeSymlinks = false }: WalkProjectFilesOptions,
): Promise<string[]> {
  let crawler = new fdir({ excludeSymlinks })
    .withRelativePaths()
    .withPathSeparator('/')
    .withAbortSignal(signal)
    .exclude((name) => SKIPPED_FOLDER_NAMES.has(name));
  if (filter !== undefined) crawler = crawler.filter((path) => filter(path));
  return crawler.crawl(folder).withPromise();
}
