import path from 'node:path';
import { learnDirectory, type Settings } from '@skilldock/core/discover';

/** The folder-name prefix of every auto skill (SPEC L2). */
export const AUTO_SKILL_PREFIX = 'auto-skill-';

/** Relative to the project root: where proposals wait when `memory.autoSkillConfirm` is on. */
export const PENDING_SKILLS_PATH = path.join('.skilldock', 'pending-skills');

/** Where auto skill reads and writes for one project. */
export interface AutoSkillPaths {
  readonly projectRoot: string;
  /** The generated skills' folder (`learn.directory`, default `.agents/skills`). */
  readonly skillsDirectory: string;
  /** `.skilldock/pending-skills/`: proposals waiting to be accepted or rejected. */
  readonly pendingDirectory: string;
}

/**
 * Auto skill's folders for a project; throws `SecurityError` `path_outside_folder` when
 * `learn.directory` leaves the project.
 * @example const { pendingDirectory } = autoSkillPaths('/repo', settings);
 */
export function autoSkillPaths(projectRoot: string, settings: Pick<Settings, 'learn'>): AutoSkillPaths {
  const root = path.resolve(projectRoot);
  return {
    projectRoot: root,
    skillsDirectory: learnDirectory(root, settings),
    pendingDirectory: path.join(root, PENDING_SKILLS_PATH),
  };
}

/** The auto skill settings with their defaults (SPEC L2): off, no confirmation, 20 tool calls. */
export function autoSkillSettings(settings: Pick<Settings, 'memory'>): {
  readonly enabled: boolean;
  readonly confirm: boolean;
  readonly toolCalls: number;
} {
  return {
    enabled: settings.memory?.enableAutoSkill === true,
    confirm: settings.memory?.autoSkillConfirm === true,
    toolCalls: settings.memory?.autoSkillToolCalls ?? 20,
  };
}
