import { statSync } from 'node:fs';
import path from 'node:path';
import { loadCore } from './load-core.js';

/**
 * The absolute skill folder a command argument names, relative to `cwd`. A missing path is
 * `path_not_found` and a file is `not_a_skill_path` (both usage errors, exit 2).
 */
export async function resolveSkillFolderArgument(cwd: string, argument: string): Promise<string> {
  const directory = path.resolve(cwd, argument);
  const stats = statSync(directory, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return directory;
  const { UserInputError } = await loadCore();
  if (stats === undefined) {
    throw new UserInputError('path_not_found', `${argument} does not exist`, {
      details: { path: directory },
    });
  }
  throw new UserInputError(
    'not_a_skill_path',
    `${argument} is not a folder; pass the skill folder holding SKILL.md`,
    { details: { path: directory } },
  );
}
