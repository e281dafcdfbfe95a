import { readdirSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** The folders (parents first) and files of a staged skill, POSIX paths relative to its root. */
export interface SkillTree {
  readonly directories: readonly string[];
  readonly files: readonly string[];
}

/**
 * The trees `prepareInstall` staged, by their draft skill: a confirm in the same process (the CLI's
 * one-shot `skills add`) copies from it without listing every staged folder again — 600 directory
 * reads for 200 skills. A draft loaded from disk has none, and its folders are listed.
 */
const stagedTrees = new WeakMap<object, SkillTree>();

/** Records the folders and files `skill`'s staged copy was written with (see {@link stagedTreeOf}). */
export function rememberStagedTree(skill: object, tree: SkillTree): void {
  stagedTrees.set(skill, tree);
}

/** The tree {@link rememberStagedTree} recorded for `skill` in this process, if any. */
export function stagedTreeOf(skill: object): SkillTree | undefined {
  return stagedTrees.get(skill);
}

/** Lists a staged skill folder once, so several copies of it need no further directory reads. */
export async function listSkillTree(source: string): Promise<SkillTree> {
  const directories: string[] = [];
  const files: string[] = [];
  const walk = (relative: string): void => {
    const entries = readdirSync(path.join(source, relative), { withFileTypes: true });
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        directories.push(child);
        walk(child);
      } else if (entry.isFile()) files.push(child);
      // Staged drafts hold only files and folders (P2 refuses links); anything else is skipped.
    }
  };
  walk('');
  return { directories, files };
}

/** Files copied at once per skill; each copy is one thread-pool job (open, copy_file_range, close). */
const COPY_CONCURRENCY = 32;

/**
 * Copies a staged skill folder (regular files and folders only, modes kept) to `destination`,
 * which must not exist; its parent must.
 *
 * Folders and files are created with the promise API on purpose, unlike the synchronous reads
 * elsewhere: creating an entry waits on the file system's journal, and several creations in flight
 * (files of one skill, and several skills at once) overlap those waits — a 200-skill publish took
 * about half as long as with `mkdirSync`/`copyFileSync` one after another.
 */
export async function copySkillDirectory(
  source: string,
  destination: string,
  tree?: SkillTree,
): Promise<void> {
  const { directories, files } = tree ?? (await listSkillTree(source));
  await mkdir(destination);
  // A parent is listed before its children (depth-first, pre-order).
  for (const directory of directories) await mkdir(path.join(destination, directory));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      await copyFile(path.join(source, file), path.join(destination, file));
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPY_CONCURRENCY, files.length) }, worker));
}
