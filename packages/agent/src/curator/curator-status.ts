import { ageGeneratedSkill, isMaintenanceDue, type SkillAge } from './age-generated-skill.js';
import type { CuratorPaths } from './curator-paths.js';
import type { CuratedSkillRecord } from './curator-state.js';
import { readCuratorState } from './read-curator-state.js';
import { type GeneratedSkillFolder, scanGeneratedSkills } from './scan-generated-skills.js';

/** One generated skill as `curator status` shows it. */
export interface CuratedSkillStatus {
  readonly name: string;
  readonly directory: string;
  /** `untracked`: on disk, not yet seen by a run (it will start its grace period then). */
  readonly state: CuratedSkillRecord['state'] | 'untracked';
  readonly pinned: boolean;
  readonly useCount: number;
  readonly source?: GeneratedSkillFolder['source'];
  readonly record?: CuratedSkillRecord;
  /** Present for tracked, unarchived skills: how long it has been idle and what a run would make it. */
  readonly age?: SkillAge;
}

/** What `skilldock curator status` prints. */
export interface CuratorStatus {
  readonly stateFile: string;
  readonly skillsDirectory: string;
  readonly archiveDirectory: string;
  readonly lastRunAt?: string;
  /** Whether automatic maintenance would run now (when auto skill is on). */
  readonly maintenanceDue: boolean;
  readonly skills: readonly CuratedSkillStatus[];
}

/**
 * The curator's view without changing anything (SPEC L3: status always works, even in an
 * untrusted workspace or safe mode): the generated skills on disk with their records, the archived
 * ones, and how long each has been idle.
 */
export async function readCuratorStatus(
  paths: CuratorPaths,
  { now = () => new Date() }: { readonly now?: () => Date } = {},
): Promise<CuratorStatus> {
  const at = now();
  const [state, skills, archived] = await Promise.all([
    readCuratorState(paths),
    scanGeneratedSkills(paths.skillsDirectory),
    scanGeneratedSkills(paths.archiveDirectory),
  ]);
  const rows: CuratedSkillStatus[] = skills.map((skill) => {
    const record = state.skills[skill.name];
    if (record === undefined) {
      return {
        name: skill.name,
        directory: skill.directory,
        state: 'untracked',
        pinned: false,
        useCount: 0,
        source: skill.source,
      };
    }
    return {
      name: skill.name,
      directory: skill.directory,
      state: record.state === 'archived' ? 'active' : record.state,
      pinned: record.pinned,
      useCount: record.useCount,
      source: skill.source,
      record,
      age: ageGeneratedSkill(record, { now: at, modifiedAt: skill.modifiedAt }),
    };
  });
  for (const skill of archived) {
    const record = state.skills[skill.name];
    rows.push({
      name: skill.name,
      directory: skill.directory,
      state: 'archived',
      pinned: record?.pinned ?? false,
      useCount: record?.useCount ?? 0,
      source: skill.source,
      ...(record === undefined ? {} : { record }),
    });
  }
  return {
    stateFile: paths.stateFile,
    skillsDirectory: paths.skillsDirectory,
    archiveDirectory: paths.archiveDirectory,
    ...(state.lastRunAt === undefined ? {} : { lastRunAt: state.lastRunAt }),
    maintenanceDue: isMaintenanceDue(state.lastRunAt, at),
    skills: rows,
  };
}
