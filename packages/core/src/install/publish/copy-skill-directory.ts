import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Files copied at once; enough to keep the disk busy without running out of descriptors. */
const COPY_CONCURRENCY = 32;

/** The folders (parents first) and files of a staged skill, POSIX paths relative to its root. */
export interface SkillTree {
  readonly directories: readonly string[];
  readonly files: readonly string[];
}

/** Lists a staged skill folder once, so several copies of it need no further directory reads. */
export async function listSkillTree(source: string): Promise<SkillTree> {
  const directories: string[] = [];
  const files: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(source, relative), { withFileTypes: true });
    const folders: string[] = [];
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) folders.push(child);
      else if (entry.isFile()) files.push(child);
      // Staged drafts hold only files and folders (P2 refuses links); anything else is skipped.
    }
    directories.push(...folders);
    await Promise.all(folders.map(walk));
  };
  await walk('');
  directories.sort((left, right) => left.split('/').length - right.split('/').length);
  return { directories, files };
}

/**
 * Copies a staged skill folder (regular files and folders only, modes kept) to `destination`,
 * which must not exist; its parent must.
 */
export async function copySkillDirectory(
  source: string,
  destination: string,
  tree?: SkillTree,
): Promise<void> {
  const { directories, files } = tree ?? (await listSkillTree(source));
  await mkdir(destination);
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
