import path from 'node:path';
import { learnDirectory, type Settings } from '@skilldock/core/discover';

/** Where the curator reads and writes for one project (SPEC L3). */
export interface CuratorPaths {
  readonly projectRoot: string;
  /** The generated skills' folder (`learn.directory`, default `.agents/skills`). */
  readonly skillsDirectory: string;
  /** `.skilldock/skill-curator.json`: the versioned state. */
  readonly stateFile: string;
  /**
   * Where archived folders go (nothing is ever deleted): `<root>/.<agent>/archived-skills` when the
   * learn directory is an agent folder's `skills` (`.qwen/skills`), else `.skilldock/archived-skills`
   * (see {@link curatorArchiveDirectory}).
   */
  readonly archiveDirectory: string;
}

/** Relative to the project root: the curator's state file. */
export const CURATOR_STATE_PATH = path.join('.skilldock', 'skill-curator.json');

/** Relative to the project root: the archive of generated skills, unless the learn directory is an agent folder's. */
export const CURATOR_ARCHIVE_PATH = path.join('.skilldock', 'archived-skills');

/** The universal skills folder many tools share: it gets no archive folder of ours beside it. */
const UNIVERSAL_AGENT_FOLDER = '.agents';

/**
 * Where the curator archives for a learn directory (SPEC L3). The one rule: a learn directory that
 * is an agent folder's own `skills` — `<root>/.<agent>/skills`, like Qwen Code's `.qwen/skills` —
 * archives beside it in `<root>/.<agent>/archived-skills`, so a Qwen Code user's folders work
 * unchanged (seed 000: "90 天后，它的完整目录被移到 .qwen/archived-skills/"); every other learn
 * directory — our default, the universal `.agents/skills` shared by many tools, included — archives
 * in `.skilldock/archived-skills`. Neither archive is a folder skills are discovered in.
 * @example curatorArchiveDirectory('/repo', '/repo/.qwen/skills') // '/repo/.qwen/archived-skills'
 */
export function curatorArchiveDirectory(projectRoot: string, skillsDirectory: string): string {
  const root = path.resolve(projectRoot);
  const parent = path.dirname(path.resolve(skillsDirectory));
  const agentFolder = path.basename(parent);
  const ownSkills =
    path.basename(skillsDirectory) === 'skills' &&
    path.dirname(parent) === root &&
    /^\.[^.]/.test(agentFolder) &&
    agentFolder !== UNIVERSAL_AGENT_FOLDER;
  return ownSkills ? path.join(parent, 'archived-skills') : path.join(root, CURATOR_ARCHIVE_PATH);
}

/**
 * The curator's folders for a project: the generated skills' folder from `learn.directory`
 * (throws `SecurityError` `path_outside_folder` when the setting leaves the project), the state
 * file under `.skilldock/` and the archive ({@link curatorArchiveDirectory}).
 * @example const paths = curatorPaths('/repo', workspace.settings);
 */
export function curatorPaths(projectRoot: string, settings: Pick<Settings, 'learn'>): CuratorPaths {
  const root = path.resolve(projectRoot);
  const skillsDirectory = learnDirectory(root, settings);
  return {
    projectRoot: root,
    skillsDirectory,
    stateFile: path.join(root, CURATOR_STATE_PATH),
    archiveDirectory: curatorArchiveDirectory(root, skillsDirectory),
  };
}
