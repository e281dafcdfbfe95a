import { describe, expect, it } from 'vitest';
import { ageGeneratedSkill, type CuratedSkillRecord, isMaintenanceDue } from '../../src/curator/index.js';
import { DAY, daysAgo, NOW } from './curator-fixture.js';

const base: CuratedSkillRecord = {
  firstSeen: daysAgo(365).toISOString(),
  useCount: 0,
  state: 'active',
  pinned: false,
};

describe('L3 ageing: inactivity is now minus the latest sign of life', () => {
  it.each([
    [
      '29 days and 23:59:59 since first seen',
      { firstSeen: new Date(NOW.getTime() - 30 * DAY + 1000) },
      'active',
    ],
    ['exactly 30 days since first seen', { firstSeen: daysAgo(30) }, 'stale'],
    ['89 days and 23:59:59', { firstSeen: new Date(NOW.getTime() - 90 * DAY + 1000) }, 'stale'],
    ['exactly 90 days', { firstSeen: daysAgo(90) }, 'archived'],
    ['a year', { firstSeen: daysAgo(365) }, 'archived'],
    ['used 10 days ago, seen a year ago', { lastUsed: daysAgo(10) }, 'active'],
    ['used exactly 30 days ago', { lastUsed: daysAgo(30) }, 'stale'],
    ['last activity 89 days ago', { lastActivity: daysAgo(89) }, 'stale'],
    ['last activity exactly 90 days ago', { lastActivity: daysAgo(90) }, 'archived'],
    ['edited (mtime) 5 days ago', { modifiedAt: daysAgo(5) }, 'active'],
    ['edited exactly 30 days ago', { modifiedAt: daysAgo(30) }, 'stale'],
    ['an mtime in the future is ignored', { modifiedAt: new Date(NOW.getTime() + 1000) }, 'archived'],
    [
      'an mtime far in the future is ignored',
      { modifiedAt: new Date(NOW.getTime() + 400 * DAY) },
      'archived',
    ],
    ['an mtime of exactly now counts', { modifiedAt: NOW }, 'active'],
    ['pinned, idle for a year', { pinned: true }, 'active'],
    ['pinned and stale already', { pinned: true, state: 'stale' as const }, 'active'],
  ] as const)('%s → %s', (_name, change, expected) => {
    const { firstSeen, modifiedAt, lastUsed, lastActivity, ...rest } = change as {
      firstSeen?: Date;
      modifiedAt?: Date;
      lastUsed?: Date;
      lastActivity?: Date;
      pinned?: boolean;
      state?: 'stale';
    };
    const record: CuratedSkillRecord = {
      ...base,
      ...rest,
      ...(firstSeen === undefined ? {} : { firstSeen: firstSeen.toISOString() }),
      ...(lastUsed === undefined ? {} : { lastUsed: lastUsed.toISOString() }),
      ...(lastActivity === undefined ? {} : { lastActivity: lastActivity.toISOString() }),
    };
    const age = ageGeneratedSkill(record, { now: NOW, ...(modifiedAt === undefined ? {} : { modifiedAt }) });
    expect(age.state).toBe(expected);
  });

  it('L3 the latest of the signs wins, whichever field holds it', () => {
    const age = ageGeneratedSkill(
      { ...base, lastUsed: daysAgo(50).toISOString(), lastActivity: daysAgo(40).toISOString() },
      { now: NOW, modifiedAt: daysAgo(45) },
    );
    expect(age).toMatchObject({
      state: 'stale',
      inactiveDays: 40,
      lastSignOfLife: daysAgo(40).toISOString(),
    });
  });

  it.each([
    ['never ran', undefined, true],
    ['ran 6 days 23 hours ago', new Date(NOW.getTime() - 7 * DAY + 3_600_000), false],
    ['ran exactly 7 days ago', daysAgo(7), true],
    ['ran in the future (a clock set back)', new Date(NOW.getTime() + DAY), true],
  ])('L3 maintenance is due at most every 7 days: %s → %s', (_name, lastRun, due) => {
    expect(isMaintenanceDue(lastRun?.toISOString(), NOW)).toBe(due);
  });
});
