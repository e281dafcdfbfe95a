import { computeSkillsLockHash } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import { useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();

function skillFile(name: string): string {
  return `---\nname: ${name}\ndescription: Fixture ${name} for the skills-lock hash.\n---\n# ${name}\n`;
}

describe('computeSkillsLockHash', () => {
  it('P1 hashes only paths and bytes: the executable bit and empty folders do not count', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': skillFile('x'), 'run.sh': 'echo' });
    const before = await computeSkillsLockHash(root);
    writeTree(root, { 'empty/': '' }, ['run.sh']);
    expect(await computeSkillsLockHash(root)).toBe(before);
    writeTree(root, { 'run.sh': 'echo!' });
    expect(await computeSkillsLockHash(root)).not.toBe(before);
  });
});
