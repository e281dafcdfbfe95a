import path from 'node:path';
import { computeSkillsLockHash } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import { useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();
const _SKILLS_BIN = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/skills');

function skillFile(name: string): string {
  return `---\nname: ${name}\ndescription: Fixture ${name} for the skills-lock hash.\n---\n# ${name}\n`;
}

/** Skill folders covering what the hash must get right, as `name → files`. */
const _SKILLS: Record<
  string,
  { files: Record<string, string | Buffer>; executables?: string[]; link?: string }
> = {
  nested: {
    files: {
      'a/b/c/deep.md': 'deep\n',
      'a/b/side.txt': 'side',
      'a/top.txt': 'top',
      'z.txt': 'z',
    },
  },
  binary: {
    files: {
      'assets/blob.bin': Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
      'assets/nul.bin': Buffer.from([0, 0, 0, 1]),
    },
  },
  unicode: {
    files: {
      'données/résumé.md': 'é',
      '文档.txt': 'zh',
      'B.txt': 'upper',
      'a.txt': 'lower',
      '_under.md': '_',
      '-dash.md': '-',
      'emoji-😀.txt': 'astral',
      'Émile.md': 'accent',
      'zz/Ab.md': 'Ab',
      'zz/aB.md': 'aB',
    },
  },
  executable: { files: { 'scripts/run.sh': '#!/bin/sh\necho hi\n' }, executables: ['scripts/run.sh'] },
  hidden: { files: { '.hidden/file.txt': 'hidden', '.dotfile': 'dot' } },
  empty: { files: { 'empty.txt': '', 'sub/also-empty.md': '' } },
  skipped: {
    files: {
      'node_modules/pkg/index.js': 'x',
      '.git/HEAD': 'ref',
      'dist/out.js': 'kept by the CLI',
      'keep.md': 'k',
    },
    link: 'keep.md',
  },
};

describe('computeSkillsLockHash matches the skills CLI', () => {
  it('P1 hashes only paths and bytes: the executable bit and empty folders do not count', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': skillFile('x'), 'run.sh': 'echo' });
    const before = await computeSkillsLockHash(root);
    writeTree(root, { 'empty/': '' }, ['run.sh']);
    expect(await computeSkillsLockHash(root)).toBe(before);
    writeTree(root, { 'run.sh': 'echo!' });
    expect(await computeSkillsLockHash(root)).not.toBe(before);
  });
});
