import path from 'node:path';
import { SecurityError } from '@skilldock/core/errors';
import { removeInside } from '@skilldock/core/fs';

/**
 * Removes a skill a learn run wrote, after the user discarded it at review (SPEC L1, SEC1): only
 * a `learned-skill-*` folder directly inside the learn directory, proven inside it on real paths
 * by `removeInside` (a link is removed as a link, never followed).
 * @throws SecurityError `path_outside_folder` for any other folder.
 * @example await discardLearnedSkill(result.skills[0].directory, learnDirectory(projectRoot, settings));
 */
export async function discardLearnedSkill(skillDirectory: string, directory: string): Promise<void> {
  const folder = path.resolve(skillDirectory);
  if (
    path.dirname(folder) !== path.resolve(directory) ||
    !path.basename(folder).startsWith('learned-skill-')
  ) {
    throw new SecurityError(
      'path_outside_folder',
      `${folder} is not a learned skill of ${directory}; only learned-skill-* folders there are discarded.`,
      { details: { path: folder } },
    );
  }
  await removeInside(folder, directory);
}
