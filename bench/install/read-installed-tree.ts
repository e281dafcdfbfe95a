import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Every entry under `root` except `.git` (path → kind, mode, bytes or link target), for exact comparisons. */
export async function readInstalledTree(root: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const walk = async (relative: string): Promise<void> => {
    const absolute = join(root, relative);
    const stats = await lstat(absolute);
    if (stats.isSymbolicLink()) entries.set(relative, `link ${await readlink(absolute)}`);
    else if (stats.isDirectory()) {
      if (relative !== '') entries.set(relative, 'dir');
      for (const name of (await readdir(absolute)).sort()) {
        if (relative === '' && name === '.git') continue;
        await walk(relative === '' ? name : `${relative}/${name}`);
      }
    } else
      entries.set(
        relative,
        `file ${(stats.mode & 0o777).toString(8)} ${(await readFile(absolute)).toString('base64')}`,
      );
  };
  await walk('');
  return entries;
}

/** The first few paths where two trees differ, or an empty list when they are identical. */
export function differences(left: Map<string, string>, right: Map<string, string>, limit = 5): string[] {
  const found: string[] = [];
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    if (left.get(key) !== right.get(key)) found.push(key);
    if (found.length >= limit) break;
  }
  return found;
}
