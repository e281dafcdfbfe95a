import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import type { CatalogSnapshot } from '../../src/catalog/types.js';
import type { Skill } from '../../src/format/types.js';
import { type MakeSkillOptions, makeSkill } from './make-skill.js';

/** Everything a snapshot says, `get` included, as plain data to compare. */
function contents(snapshot: CatalogSnapshot, ids: readonly string[]) {
  return {
    version: snapshot.version,
    projectRoot: snapshot.projectRoot,
    skills: snapshot.skills,
    shadowed: snapshot.shadowed,
    disabled: snapshot.disabled,
    diagnostics: snapshot.diagnostics,
    got: ids.map((id) => snapshot.get(id) ?? null),
  };
}

/**
 * A skill whose every property read is counted, so a test can tell that a refresh never looked at
 * the skills that did not change.
 */
function countingReads(skill: Skill, reads: { count: number }): Skill {
  return new Proxy(skill, {
    get(target, property, receiver) {
      reads.count++;
      return Reflect.get(target, property, receiver);
    },
  });
}

const edited = (name: string, options: MakeSkillOptions = {}) =>
  makeSkill(name, { description: `The edited ${name} skill. Use when testing.`, ...options });

describe('buildCatalog with previous (an incremental refresh, issue 9 §7)', () => {
  const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
  const base = () => [
    ...names.map((name) => makeSkill(name)),
    makeSkill('beta', { sourceType: 'personal' }),
    makeSkill('needs', { extra: 'skill_dependencies:\n  - alpha\n  - missing' }),
  ];
  const ids = [...names, 'needs', 'missing'];
  const options = { projectRoot: '/repo', disabled: ['delta'] } as const;

  it('D7 swaps an edited skill in, reading none of the others, and equals a full build', () => {
    const reads = { count: 0 };
    // The two skills to be replaced are read (to check they may be swapped); no other one is.
    const before = base().map((skill, index) =>
      index === 2 || index === 3 ? skill : countingReads(skill, reads),
    );
    const previous = buildCatalog(before, { ...options, version: 1 });
    const after = [...before];
    after[2] = edited('gamma');
    after[3] = edited('delta');
    reads.count = 0;
    const patched = buildCatalog(after, { ...options, version: 2, previous });
    expect(reads.count).toBe(0);
    const full = buildCatalog(after, { ...options, version: 2 });
    expect(contents(patched, ids)).toEqual(contents(full, ids));
    expect(patched.get('gamma')?.description).toBe('The edited gamma skill. Use when testing.');
    expect(patched.get('delta')).toBeUndefined();
    expect(patched.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'skill_shadowed',
      'skill_dependency_missing',
    ]);
    // The previous snapshot is untouched.
    expect(previous.get('gamma')?.description).toBe('The gamma skill. Use when testing.');
    expect(previous.version).toBe(1);
  });

  it('D7 chains: a patched snapshot is itself patched by the next refresh', () => {
    let skills = base();
    let snapshot = buildCatalog(skills, options);
    for (const [round, index] of [0, 4, 0, 2].entries()) {
      skills = [...skills];
      skills[index] = makeSkill(names[index]!, { description: `Round ${round}. Use when testing.` });
      snapshot = buildCatalog(skills, { ...options, version: round + 2, previous: snapshot });
      expect(contents(snapshot, ids)).toEqual(
        contents(buildCatalog(skills, { ...options, version: round + 2 }), ids),
      );
    }
    expect(snapshot.get('alpha')?.description).toBe('Round 2. Use when testing.');
  });

  it.each([
    ['a skill that overrides another', 5, () => edited('beta', { sourceType: 'personal' })],
    ['a shadowed skill', 1, () => edited('beta')],
    ['a skill whose id changes', 0, () => makeSkill('zeta')],
    ['a skill moved to another source', 0, () => edited('alpha', { sourceType: 'personal' })],
    ['a skill in another folder', 0, () => edited('alpha', { base: '/elsewhere' })],
    [
      'a skill whose dependencies change',
      6,
      () => makeSkill('needs', { extra: 'skill_dependencies:\n  - alpha' }),
    ],
  ])('D1 D6 %s is resolved by a full build, with the same result', (_label, index, replacement) => {
    const before = base();
    const previous = buildCatalog(before, options);
    const after = [...before];
    after[index] = replacement();
    const next = buildCatalog(after, { ...options, previous });
    const full = buildCatalog(after, options);
    const allIds = [...ids, 'zeta'];
    expect(contents(next, allIds)).toEqual(contents(full, allIds));
  });

  it('D1 a skill added, removed or reordered, or other settings, rebuild in full', () => {
    const before = base();
    const previous = buildCatalog(before, options);
    const cases: Array<[readonly Skill[], Parameters<typeof buildCatalog>[1]]> = [
      [[...before, makeSkill('zeta')], options],
      [before.slice(1), options],
      [[before[1]!, before[0]!, ...before.slice(2)], options],
      [before, { ...options, disabled: [] }],
      [before, { ...options, projectRoot: '/other' }],
    ];
    for (const [skills, caseOptions] of cases) {
      const next = buildCatalog(skills, { ...caseOptions, previous });
      expect(contents(next, [...ids, 'zeta'])).toEqual(
        contents(buildCatalog(skills, caseOptions), [...ids, 'zeta']),
      );
    }
  });

  it('D7 a snapshot this process did not build is never patched', () => {
    const skills = base();
    const built = buildCatalog(skills, options);
    const foreign: CatalogSnapshot = { ...built, skills: [], get: () => undefined };
    const next = buildCatalog(skills, { ...options, previous: foreign });
    expect(contents(next, ids)).toEqual(contents(built, ids));
  });
});
