import { describe, expect, it } from 'vitest';
import { BUNDLED_SKILL_MARKER, isBundledSkill } from '../../src/format/bundled-skill.js';
import { defineSkill } from '../../src/format/define-skill.js';

describe('isBundledSkill', () => {
  const inline = defineSkill({ name: 'refunds', description: 'Handle refunds.', instructions: 'Go.' });

  it('I5 tells a bundled skill reference from a plain object that looks like one', () => {
    const bundled = Object.freeze({
      ...inline,
      [Symbol.for('skilldock.bundled-skill')]: true,
      inlineFiles: Object.freeze({}),
      module: './skills/refunds/SKILL.md',
    });
    expect(isBundledSkill(bundled)).toBe(true);
    expect(bundled[BUNDLED_SKILL_MARKER as never]).toBe(true);
    expect(isBundledSkill(inline)).toBe(false);
    expect(isBundledSkill({ ...bundled })).toBe(false);
    expect(isBundledSkill(JSON.parse(JSON.stringify(bundled)))).toBe(false);
    expect(isBundledSkill(null)).toBe(false);
    expect(isBundledSkill('refunds')).toBe(false);
  });
});
