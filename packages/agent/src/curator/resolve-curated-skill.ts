import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, SkilldockError } from '@skilldock/core/errors';
import { isSafeSkillId, proveInside } from '@skilldock/core/fs';

/** A generated skill's folder named on the command line, proven to be in its folder. */
export interface CuratedSkillFolder {
  readonly name: string;
  /** Which of the folders it was found in. */
  readonly parent: string;
  readonly directory: string;
}

/**
 * Turns the `DIR` of `curator pin|unpin|restore` into a folder name (SPEC SEC1): a bare name
 * (`learned-skill-x`) is looked up in `folders` in order; a path (`.agents/skills/learned-skill-x`)
 * must lie directly in one of them on real paths. The name must be a skill id, the entry a real
 * folder: `..`, `/etc`, a name with a separator elsewhere, or a link throw `SecurityError` and
 * nothing is touched; a folder that is not there throws `curator_skill_not_found`.
 * @example const { name } = await resolveCuratedSkill('learned-skill-x', { cwd, folders: [paths.skillsDirectory] });
 */
export async function resolveCuratedSkill(
  argument: string,
  { cwd, folders }: { readonly cwd: string; readonly folders: readonly string[] },
): Promise<CuratedSkillFolder> {
  const bare = !/[/\\]/.test(argument) && argument !== '.' && argument !== '..';
  const name = bare ? argument : path.basename(path.resolve(cwd, argument));
  if (!isSafeSkillId(name) || name.startsWith('_')) throw outside(argument, folders);
  const candidates = bare
    ? folders
    : await foldersHolding(path.dirname(path.resolve(cwd, argument)), folders);
  if (candidates.length === 0) throw outside(argument, folders);
  for (const parent of candidates) {
    const directory = await proveInside(path.join(parent, name), parent);
    const stats = await lstat(directory).catch(() => undefined);
    if (stats === undefined) continue;
    if (!stats.isDirectory()) {
      throw new SecurityError(
        'symlink_refused',
        `${directory} is ${stats.isSymbolicLink() ? 'a link' : 'not a folder'}; the curator works only on real skill folders. Nothing was changed.`,
        { details: { path: directory } },
      );
    }
    return { name, parent, directory };
  }
  throw new SkilldockError(
    'curator_skill_not_found',
    `No generated skill folder ${JSON.stringify(name)} in ${candidates.join(' or ')}; \`skilldock curator status\` lists them.`,
    { details: { name, folders: candidates } },
  );
}

/** The folders among `folders` that are, on real paths, the folder `parent`. */
async function foldersHolding(parent: string, folders: readonly string[]): Promise<string[]> {
  const real = await realpath(parent).catch(() => undefined);
  if (real === undefined) return [];
  const matches: string[] = [];
  for (const folder of folders) {
    if ((await realpath(folder).catch(() => undefined)) === real) matches.push(folder);
  }
  return matches;
}

function outside(argument: string, folders: readonly string[]): SecurityError {
  return new SecurityError(
    'path_outside_folder',
    `${JSON.stringify(argument)} is not a generated skill folder: give its name (like learned-skill-pdf) or its path inside ${folders.join(' or ')}. Nothing was changed.`,
    { details: { path: argument, folders } },
  );
}
