import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  computeDirectoryRevision,
  type DirectoryRevisionRecord,
  directoryRevisionOfRecords,
} from '../../src/package/compute-directory-revision.js';
import { compareSkillsLockPaths, computeSkillsLockHash } from '../../src/package/compute-skills-lock-hash.js';
import { walkPackageTree, walkPackageTreeSync } from '../../src/package/walk-package-tree.js';
import { SKILL_TEXT, useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();

const TREE = {
  'SKILL.md': SKILL_TEXT,
  'B.md': 'upper',
  'a.md': 'lower',
  'é.md': 'accent',
  'scripts/run.sh': '#!/bin/sh\n',
  'refs/deep/guide.md': '# Guide\n',
  'empty/': '',
};

describe('hashes from bytes in hand', () => {
  it('P1 directoryRevisionOfRecords equals computeDirectoryRevision, whatever order the records come in', async () => {
    const root = writeTree(await newTemp(), TREE, ['scripts/run.sh']);
    const records: DirectoryRevisionRecord[] = walkPackageTreeSync(root).map((entry) =>
      entry.type === 'directory'
        ? { path: entry.path, type: 'directory' }
        : {
            path: entry.path,
            type: 'file',
            executable: entry.path === 'scripts/run.sh',
            digest: createHash('sha256').update(readFileSync(entry.absolutePath)).digest(),
          },
    );
    const expected = await computeDirectoryRevision(root);
    expect(directoryRevisionOfRecords(records)).toBe(expected);
    expect(directoryRevisionOfRecords([...records].reverse())).toBe(expected);
    // The executable bit is part of the record.
    const flipped = records.map((record) =>
      record.path === 'a.md' && record.type === 'file' ? { ...record, executable: true } : record,
    );
    expect(directoryRevisionOfRecords(flipped)).not.toBe(expected);
  });

  it('P1 hashing path then bytes in compareSkillsLockPaths order gives computeSkillsLockHash', async () => {
    const root = writeTree(await newTemp(), TREE);
    const files = walkPackageTreeSync(root)
      .filter((entry) => entry.type === 'file')
      .sort((left, right) => compareSkillsLockPaths(left.path, right.path));
    // Locale order, not byte order: a.md before B.md, é.md before refs/.
    expect(files.map((file) => file.path)).toEqual([
      'a.md',
      'B.md',
      'é.md',
      'refs/deep/guide.md',
      'scripts/run.sh',
      'SKILL.md',
    ]);
    const hash = createHash('sha256');
    for (const file of files) hash.update(file.path).update(readFileSync(path.join(root, file.path)));
    expect(hash.digest('hex')).toBe(await computeSkillsLockHash(root));
  });

  it('P2 walkPackageTreeSync lists what walkPackageTree lists, in the same order', async () => {
    const root = writeTree(await newTemp(), { ...TREE, '.git/HEAD': 'ref' });
    const skip = (entry: { path: string }) => entry.path === '.git';
    expect(walkPackageTreeSync(root, { skip })).toEqual(await walkPackageTree(root, { skip }));
    expect(() => walkPackageTreeSync(path.join(root, 'missing'))).toThrow(
      expect.objectContaining({ code: 'path_not_found' }),
    );
    expect(() => walkPackageTreeSync(path.join(root, 'a.md'))).toThrow(
      expect.objectContaining({ code: 'not_a_directory' }),
    );
  });
});
