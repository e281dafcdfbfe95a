import { describe, expect, it } from 'vitest';
import { isPathGated, skillMatchesPath } from '../../src/catalog/skill-matches-path.js';
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
});
