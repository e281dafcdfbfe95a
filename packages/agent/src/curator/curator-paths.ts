import path from 'node:path';
import { learnDirectory, type Settings } from '@skilldock/core/discover';

/** Where the curator reads and writes for one project (SPEC L3). */
export interface CuratorPaths {
  readonly projectRoot: string;
  /** The generated skills' folder (`learn.directory`, default `.agents/skills`). */
  readonly skillsDirectory: string;
  /** `.skilldock/skill-curator.json`: the versioned state. */
  readonly stateFile: string;
  /** `.skilldock/archived-skills/`: where archived folders go (nothing is ever deleted). */
  readonly archiveDirectory: string;
}

/** Relative to the project root: the curator's state file. */
export const CURATOR_STATE_PATH = path.join('.skilldock', 'skill-curator.json');

/** Relative to the project root: the archive of generated skills. */
export const CURATOR_ARCHIVE_PATH = path.join('.skilldock', 'archived-skills');

/**
 * The curator's folders for a project: the generated skills' folder from `learn.directory`
 * (throws `SecurityError` `path_outside_folder` when the setting leaves the project), the state
 * file and the archive under `.skilldock/`.
 * @example const paths = curatorPaths('/repo', workspace.settings);
 */
export function curatorPaths(projectRoot: string, settings: Pick<Settings, 'learn'>): CuratorPaths {
  const root = path.resolve(projectRoot);
  return {
    projectRoot: root,
    skillsDirectory: learnDirectory(root, settings),
    stateFile: path.join(root, CURATOR_STATE_PATH),
    archiveDirectory: path.join(root, CURATOR_ARCHIVE_PATH),
  };
}
