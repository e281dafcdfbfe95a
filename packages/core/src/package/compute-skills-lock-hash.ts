import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { comparePathBytes } from './compare-paths.js';
import { walkPackageTree } from './walk-package-tree.js';

/** Folder names the `skills` CLI leaves out of its hash, at any depth. */
const SKILLS_CLI_SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

/**
 * The `computedHash` the `skills` CLI (vercel-labs/skills, checked against 1.5.18) writes to a
 * project's `skills-lock.json`, bit for bit: 64 lowercase hex digits, no `sha256:` prefix.
 *
 * Its algorithm (`computeSkillFolderHash`): collect every regular file below the folder, skipping
 * folders named `.git` or `node_modules` at any depth and everything that is neither a regular file
 * nor a folder (links are not followed); sort by relative POSIX path with
 * `String.prototype.localeCompare` in the process's default locale; then SHA-256 over, for each
 * file, its path as UTF-8 immediately followed by its bytes, with no separators. Executable bits,
 * empty folders and the P2 noise rules play no part.
 *
 * `localeCompare` treats canonically equivalent names (NFC vs NFD) as equal, and the CLI then keeps
 * whatever order its parallel reads finished in; here such ties fall back to byte order, so this
 * is deterministic where the CLI is not.
 * @example
 * await computeSkillsLockHash('.agents/skills/pdf'); // '4c1f…' as in skills-lock.json
 */
export async function computeSkillsLockHash(directory: string): Promise<string> {
  const entries = await walkPackageTree(directory, {
    skip: (entry) =>
      entry.type === 'directory' &&
      SKILLS_CLI_SKIPPED_FOLDERS.has(entry.path.slice(entry.path.lastIndexOf('/') + 1)),
  });
  const files = entries
    .filter((entry) => entry.type === 'file')
    .sort((left, right) => compareSkillsLockPaths(left.path, right.path));
  const hash = createHash('sha256');
  // Sequential on purpose: the digest depends on order, and skill folders are small.
  for (const file of files) {
    hash.update(file.path);
    hash.update(await readFile(file.absolutePath));
  }
  return hash.digest('hex');
}

/**
 * The order in which {@link computeSkillsLockHash} feeds files to the hash: `localeCompare` as the
 * `skills` CLI sorts, byte order for the ties it leaves. A caller that copies a folder can visit
 * its files in this order and hash each one's path then bytes (no separators) as it goes, getting
 * the same digest without reading the folder twice; `.git` and `node_modules` folders are left out.
 */
export function compareSkillsLockPaths(left: string, right: string): number {
  return left.localeCompare(right) || comparePathBytes(left, right);
}
