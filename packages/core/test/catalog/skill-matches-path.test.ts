import { describe, expect, it } from 'vitest';
import { isPathGated, skillMatchesPath } from '../../src/catalog/skill-matches-path.js';
import { eventLoopStall } from '../support/event-loop-stall.js';
import { makeSkill } from './make-skill.js';

const gated = makeSkill('api', { extra: "paths: ['src/api/**/*.ts', '.github/workflows/*.yml']" });
const plain = makeSkill('plain');

describe('path gates', () => {
  it('D3 knows which skills are path-gated', () => {
    expect(isPathGated(gated)).toBe(true);
    expect(isPathGated(plain)).toBe(false);
  });

  it('D3 matches project-relative paths given absolute or relative', () => {
    expect(skillMatchesPath(gated, '/repo', '/repo/src/api/users/get.ts')).toBe(true);
    expect(skillMatchesPath(gated, '/repo', 'src/api/index.ts')).toBe(true);
    expect(skillMatchesPath(gated, '/repo', '/repo/.github/workflows/ci.yml')).toBe(true);
    expect(skillMatchesPath(gated, '/repo', '/repo/src/web/index.ts')).toBe(false);
    expect(skillMatchesPath(gated, '/repo', '/repo/src/api/notes.md')).toBe(false);
  });

  it('D3 never matches a file outside the project root', () => {
    expect(skillMatchesPath(gated, '/repo', '/other/src/api/a.ts')).toBe(false);
    expect(skillMatchesPath(gated, '/repo', '../repo-evil/src/api/a.ts')).toBe(false);
    expect(skillMatchesPath(gated, '/repo', '/repo/../src/api/a.ts')).toBe(false);
    expect(skillMatchesPath(gated, '/repo', '/repo')).toBe(false);
  });

  it('D3 never matches for a skill without paths', () => {
    expect(skillMatchesPath(plain, '/repo', '/repo/src/api/a.ts')).toBe(false);
  });

  it('SEC7 a many-star paths glob from a skill answers without holding the event loop', async () => {
    // A skill's `paths:` come from whoever wrote the skill. A backtracking matcher tries every way
    // to place seven stars in 40 letters (seconds, growing as n^7); the linear one needs microseconds.
    const hostile = makeSkill('hostile', {
      extra: "paths: ['*a*a*a*a*a*a*a*b', 'src/**/**/**/**/**/**/**/**/z']",
    });
    const stall = await eventLoopStall(() => {
      expect(skillMatchesPath(hostile, '/repo', `/repo/${'a'.repeat(40)}`)).toBe(false);
      expect(skillMatchesPath(hostile, '/repo', `/repo/src/${'x/'.repeat(40)}y`)).toBe(false);
      expect(skillMatchesPath(hostile, '/repo', `/repo/${'a'.repeat(40)}b`)).toBe(true);
      expect(skillMatchesPath(hostile, '/repo', `/repo/src/${'x/'.repeat(40)}z`)).toBe(true);
    });
    // The whole call runs on the caller's thread: its length is the stall every other request sees.
    expect(stall).toBeLessThan(500);
  });
});
