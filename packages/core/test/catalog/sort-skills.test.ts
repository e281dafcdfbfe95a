import { describe, expect, it } from 'vitest';
import { sortForListing } from '../../src/catalog/sort-for-listing.js';
import { sortForModel } from '../../src/catalog/sort-for-model.js';
import { makeSkill } from './make-skill.js';

describe('ordering', () => {
  it('D5 sorts the model catalog alphabetically by id in code-unit order', () => {
    const skills = [makeSkill('zeta'), makeSkill('Alpha'), makeSkill('beta'), makeSkill('alpha-2')];
    expect(sortForModel(skills).map((skill) => skill.id)).toEqual(['alpha', 'alpha-2', 'beta', 'zeta']);
    // The input is not reordered.
    expect(skills.map((skill) => skill.id)).toEqual(['zeta', 'alpha', 'beta', 'alpha-2']);
  });

  it('D5 sorts listings by priority: higher first, unset after non-negative, negative after unset, then name', () => {
    const skills = [
      makeSkill('unset-b'),
      makeSkill('minus-five', { extra: 'priority: -5' }),
      makeSkill('zero', { extra: 'priority: 0' }),
      makeSkill('ten', { extra: 'priority: 10' }),
      makeSkill('minus-one', { extra: 'priority: -1' }),
      makeSkill('unset-a'),
      makeSkill('also-ten', { extra: 'priority: 10' }),
    ];
    expect(sortForListing(skills).map((skill) => skill.name)).toEqual([
      'also-ten',
      'ten',
      'zero',
      'unset-a',
      'unset-b',
      'minus-one',
      'minus-five',
    ]);
  });
});
