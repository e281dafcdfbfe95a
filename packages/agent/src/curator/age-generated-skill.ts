import type { CuratedSkillRecord, CuratedSkillState } from './curator-state.js';

const DAY_MILLISECONDS = 24 * 60 * 60 * 1000;

/** Days without use or edit before a generated skill is stale (SPEC L3). */
export const STALE_AFTER_DAYS = 30;

/** Days without use or edit before a generated skill's folder moves to the archive (SPEC L3). */
export const ARCHIVE_AFTER_DAYS = 90;

/** Least time between two automatic maintenance runs (SPEC L3). */
export const MAINTENANCE_INTERVAL_DAYS = 7;

/** What ageing decides for one skill, and from what. */
export interface SkillAge {
  /** The state it should have now. */
  readonly state: CuratedSkillState;
  /** Milliseconds since its latest sign of life (never negative). */
  readonly inactiveMilliseconds: number;
  /** Whole days of inactivity, for people. */
  readonly inactiveDays: number;
  /** ISO time of the latest sign of life that counted. */
  readonly lastSignOfLife: string;
}

/**
 * Ages one tracked, not yet archived skill (SPEC L3): inactivity is `now` minus the latest of its
 * SKILL.md modification time (ignored when in the future: a wrong clock or a crafted file must not
 * keep a skill young for ever), first seen, last activity and last use. At least 30 days → stale,
 * at least 90 → archived; a pinned skill is always active.
 * @example ageGeneratedSkill(record, { now, modifiedAt }).state // 'stale'
 */
export function ageGeneratedSkill(
  record: CuratedSkillRecord,
  { now, modifiedAt }: { readonly now: Date; readonly modifiedAt?: Date },
): SkillAge {
  const nowTime = now.getTime();
  const signs = [record.firstSeen, record.lastActivity, record.lastUsed]
    .filter((value): value is string => value !== undefined)
    .map((value) => Date.parse(value));
  if (modifiedAt !== undefined && modifiedAt.getTime() <= nowTime) signs.push(modifiedAt.getTime());
  const latest = Math.max(...signs);
  const inactiveMilliseconds = Math.max(0, nowTime - latest);
  const inactiveDays = Math.floor(inactiveMilliseconds / DAY_MILLISECONDS);
  const state: CuratedSkillState = record.pinned
    ? 'active'
    : inactiveMilliseconds >= ARCHIVE_AFTER_DAYS * DAY_MILLISECONDS
      ? 'archived'
      : inactiveMilliseconds >= STALE_AFTER_DAYS * DAY_MILLISECONDS
        ? 'stale'
        : 'active';
  return {
    state,
    inactiveMilliseconds,
    inactiveDays,
    lastSignOfLife: new Date(Math.min(latest, nowTime)).toISOString(),
  };
}

/** True when the last applied run is at least {@link MAINTENANCE_INTERVAL_DAYS} ago (or never was). */
export function isMaintenanceDue(lastRunAt: string | undefined, now: Date): boolean {
  if (lastRunAt === undefined) return true;
  const last = Date.parse(lastRunAt);
  // A last run in the future (a clock set back) counts as due rather than blocking for ever.
  return last > now.getTime() || now.getTime() - last >= MAINTENANCE_INTERVAL_DAYS * DAY_MILLISECONDS;
}
