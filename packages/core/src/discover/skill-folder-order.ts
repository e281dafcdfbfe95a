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

/** Sorts folders by {@link skillFolderOrderKey}, computing each key once. */
export function sortSkillFolders(directories: Iterable<string>): string[] {
  const keyed = Array.from(directories, (directory) => ({ directory, key: skillFolderOrderKey(directory) }));
  keyed.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
  return keyed.map((entry) => entry.directory);
}
