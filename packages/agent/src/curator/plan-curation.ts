import { ageGeneratedSkill } from './age-generated-skill.js';
import type { CuratedSkillRecord, CuratedSkillState, CuratorState } from './curator-state.js';
import { sortedRecords } from './curator-state.js';
import type { GeneratedSkillFolder } from './scan-generated-skills.js';

/** One skill whose record a maintenance run changes. */
export interface CurationChange {
  readonly name: string;
  /** `new`: first seen by this run (recorded, not aged). */
  readonly from: CuratedSkillState | 'new';
  readonly to: CuratedSkillState;
  readonly inactiveDays: number;
  /** Why a due archive did not happen: a folder of that name is already in the archive. */
  readonly blocked?: 'archive_occupied';
}

/** What a maintenance run would do (a dry run prints it; a run applies it). */
export interface CurationPlan {
  /** The state once the plan is applied (moves included, `lastRunAt` set). */
  readonly state: CuratorState;
  readonly changes: readonly CurationChange[];
  /** Folder names to move from the skills folder to the archive, in order. */
  readonly moves: readonly string[];
  /** Records dropped: their folder is neither in the skills folder nor in the archive. */
  readonly forgotten: readonly string[];
}

/** What {@link planCuration} looks at. */
export interface CurationInput {
  readonly state: CuratorState;
  /** Generated skills in the skills folder. */
  readonly skills: readonly GeneratedSkillFolder[];
  /** Folder names present in the archive. */
  readonly archived: ReadonlySet<string>;
  readonly now: Date;
}

/**
 * The maintenance plan (SPEC L3), pure: a skill seen for the first time is recorded with a full
 * grace period and not aged; a pinned one stays active; the others age by
 * {@link ageGeneratedSkill}, and those due for the archive are listed as moves. A folder that came
 * back from the archive by hand is active again.
 */
export function planCuration({ state, skills, archived, now }: CurationInput): CurationPlan {
  const at = now.toISOString();
  const records: Record<string, CuratedSkillRecord> = {};
  const changes: CurationChange[] = [];
  const moves: string[] = [];
  for (const skill of skills) {
    const record = state.skills[skill.name];
    if (record === undefined) {
      records[skill.name] = { firstSeen: at, useCount: 0, state: 'active', pinned: false };
      changes.push({ name: skill.name, from: 'new', to: 'active', inactiveDays: 0 });
      continue;
    }
    if (record.state === 'archived') {
      const { archivedAt: _archivedAt, ...rest } = record;
      records[skill.name] = { ...rest, state: 'active', lastActivity: at };
      changes.push({ name: skill.name, from: 'archived', to: 'active', inactiveDays: 0 });
      continue;
    }
    const age = ageGeneratedSkill(record, { now, modifiedAt: skill.modifiedAt });
    if (age.state === 'archived' && archived.has(skill.name)) {
      records[skill.name] = { ...record, state: 'stale' };
      changes.push({
        name: skill.name,
        from: record.state,
        to: 'stale',
        inactiveDays: age.inactiveDays,
        blocked: 'archive_occupied',
      });
      continue;
    }
    if (age.state === 'archived') {
      records[skill.name] = { ...record, state: 'archived', archivedAt: at };
      moves.push(skill.name);
    } else records[skill.name] = { ...record, state: age.state };
    if (age.state !== record.state)
      changes.push({ name: skill.name, from: record.state, to: age.state, inactiveDays: age.inactiveDays });
  }
  const forgotten: string[] = [];
  for (const [name, record] of Object.entries(state.skills)) {
    if (records[name] !== undefined) continue;
    if (record.state === 'archived' && archived.has(name)) records[name] = record;
    else forgotten.push(name);
  }
  return {
    state: { ...state, lastRunAt: at, skills: sortedRecords(records) },
    changes,
    moves,
    forgotten,
  };
}
