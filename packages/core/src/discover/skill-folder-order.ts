import { sep } from 'node:path';

/**
 * A sort key that orders skill folders shallow first, then name by name (segment-wise, so
 * `a/z` comes before `a-b/c`): the order a cold walk and an incremental refresh agree on.
 */
export function skillFolderOrderKey(directory: string): string {
  const segments = directory.split(sep);
  return `${String(segments.length).padStart(4, '0')}\u0000${segments.join('\u0000')}`;
}

/** Compares two folders by {@link skillFolderOrderKey}. */
export function compareSkillFolders(left: string, right: string): number {
  const leftKey = skillFolderOrderKey(left);
  const rightKey = skillFolderOrderKey(right);
  return leftKey < rightKey ? -1 : leftKey > rightKey ? 1 : 0;
}

/**
 * Sorts folders by {@link skillFolderOrderKey}, computing each key once. A walk hands its folders
 * over in this order already (breadth first, names sorted), so that is checked first without
 * building a key: at 10,000 skills the keys were most of the sort's cost.
 */
export function sortSkillFolders(directories: Iterable<string>): string[] {
  const list = Array.from(directories);
  if (isInFolderOrder(list)) return list;
  const keyed = list.map((directory) => ({ directory, key: skillFolderOrderKey(directory) }));
  keyed.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
  return keyed.map((entry) => entry.directory);
}

/** True when the folders come in {@link skillFolderOrderKey} order already (no key is built). */
export function isInFolderOrder(directories: Iterable<string>): boolean {
  let previous: string | undefined;
  for (const directory of directories) {
    if (previous !== undefined && compareSkillFoldersInPlace(previous, directory) > 0) return false;
    previous = directory;
  }
  return true;
}

/**
 * {@link compareSkillFolders} without building keys: fewer segments first, then the first
 * differing character, where a segment that ends (a separator) comes before any character.
 */
function compareSkillFoldersInPlace(left: string, right: string): number {
  const depth = countSeparators(left) - countSeparators(right);
  if (depth !== 0) return depth;
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const leftCode = left.charCodeAt(index);
    const rightCode = right.charCodeAt(index);
    if (leftCode === rightCode) continue;
    if (leftCode === SEPARATOR) return -1;
    if (rightCode === SEPARATOR) return 1;
    return leftCode - rightCode;
  }
  return left.length - right.length;
}

const SEPARATOR = sep.charCodeAt(0);

function countSeparators(path: string): number {
  let count = 0;
  for (let index = path.indexOf(sep); index !== -1; index = path.indexOf(sep, index + 1)) count++;
  return count;
}
