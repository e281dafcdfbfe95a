import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {
  computeDirectoryRevision,
  computeFileRevision,
  DIRECTORY_REVISION_HEADER,
} from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import { SKILL_TEXT, useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();

/** The byte layout documented on computeDirectoryRevision, written out independently. */
function expectedRevision(root: string, entries: { path: string; type: 'f' | 'x' | 'd' }[]): string {
  const hash = createHash('sha256').update(DIRECTORY_REVISION_HEADER);
  const sorted = [...entries].sort((left, right) =>
    Buffer.compare(Buffer.from(left.path), Buffer.from(right.path)),
  );
  for (const entry of sorted) {
    if (entry.type === 'd') {
      hash.update(Buffer.from(`d- ${entry.path}\0`));
    } else {
      hash.update(Buffer.from(`f${entry.type === 'x' ? 'x' : '-'} ${entry.path}\0`));
      hash.update(
        createHash('sha256')
          .update(readFileSync(path.join(root, entry.path)))
          .digest(),
      );
    }
  }
  return `sha256:${hash.digest('hex')}`;
}

describe('computeDirectoryRevision', () => {
  it('P1 follows the documented byte layout (names, markers, executable bit, content hashes)', async () => {
    const root = writeTree(
      await newTemp(),
      {
        'SKILL.md': SKILL_TEXT,
        'a-b.txt': 'dash',
        'a/b.txt': 'slash',
        'run.sh': 'echo',
        'empty/': '',
        'ü.md': 'u',
      },
      ['run.sh'],
    );
    const revision = await computeDirectoryRevision(root);
    expect(revision).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(revision).toBe(
      expectedRevision(root, [
        { path: 'SKILL.md', type: 'f' },
        { path: 'a-b.txt', type: 'f' },
        { path: 'a', type: 'd' },
        { path: 'a/b.txt', type: 'f' },
        { path: 'run.sh', type: 'x' },
        { path: 'empty', type: 'd' },
        { path: 'ü.md', type: 'f' },
      ]),
    );
  });

  it('P1 ignores mtimes and non-executable mode bits', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': SKILL_TEXT, 'docs/a.md': 'a' });
    const before = await computeDirectoryRevision(root);
    utimesSync(path.join(root, 'docs/a.md'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    chmodSync(path.join(root, 'docs/a.md'), 0o600);
    chmodSync(path.join(root, 'docs'), 0o700);
    expect(await computeDirectoryRevision(root)).toBe(before);
  });

  it('P1 changes with content, names, the executable bit and empty folders', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': SKILL_TEXT, 'a.txt': 'a' });
    const seen = new Set([await computeDirectoryRevision(root)]);
    writeFileSync(path.join(root, 'a.txt'), 'A');
    seen.add(await computeDirectoryRevision(root));
    renameSync(path.join(root, 'a.txt'), path.join(root, 'b.txt'));
    seen.add(await computeDirectoryRevision(root));
    chmodSync(path.join(root, 'b.txt'), 0o755);
    seen.add(await computeDirectoryRevision(root));
    mkdirSync(path.join(root, 'empty'));
    seen.add(await computeDirectoryRevision(root));
    expect(seen.size).toBe(5);
  });

  it('P1 leaves noise out by default and keeps it with ignoreNoise: false', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': SKILL_TEXT });
    const clean = await computeDirectoryRevision(root);
    writeTree(root, { '.git/HEAD': 'ref', 'node_modules/x.js': '', '.DS_Store': '' });
    expect(await computeDirectoryRevision(root)).toBe(clean);
    expect(await computeDirectoryRevision(root, { ignoreNoise: false })).not.toBe(clean);
  });

  it('P1 hashes a large file by streaming it, matching sha256sum', async () => {
    const root = writeTree(await newTemp(), { 'big.bin': Buffer.alloc(5 * 1024 * 1024 + 3, 7) });
    const expected = execFileSync('sha256sum', [path.join(root, 'big.bin')], { encoding: 'utf8' }).split(
      ' ',
    )[0];
    expect(await computeFileRevision(path.join(root, 'big.bin'))).toBe(`sha256:${expected}`);
    expect(await computeDirectoryRevision(root)).toBe(
      expectedRevision(root, [{ path: 'big.bin', type: 'f' }]),
    );
  });

  it('P1 refuses a symbolic link, naming it', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': SKILL_TEXT, 'docs/a.md': 'a' });
    symlinkSync('../SKILL.md', path.join(root, 'docs/link.md'));
    await expect(computeDirectoryRevision(root)).rejects.toMatchObject({
      name: 'SecurityError',
      code: 'symlink_refused',
      details: { path: 'docs/link.md' },
    });
  });

  it('P1 refuses a special file, naming it', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': SKILL_TEXT });
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    await expect(computeDirectoryRevision(root)).rejects.toMatchObject({
      name: 'SecurityError',
      code: 'special_file',
      details: { path: 'pipe' },
    });
  });

  it('P1 reports a missing folder as user input', async () => {
    const root = await newTemp();
    await expect(computeDirectoryRevision(path.join(root, 'missing'))).rejects.toMatchObject({
      name: 'UserInputError',
      code: 'path_not_found',
    });
  });
});

describe('computeFileRevision', () => {
  it('P1 is the SHA-256 of the bytes, as sha256sum prints it', async () => {
    const root = writeTree(await newTemp(), { 'a.bin': Buffer.from([0, 255, 1, 2]), 'empty.txt': '' });
    for (const name of ['a.bin', 'empty.txt']) {
      const file = path.join(root, name);
      const expected = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0];
      expect(await computeFileRevision(file)).toBe(`sha256:${expected}`);
    }
  });

  it('P1 refuses to hash through a symbolic link', async () => {
    const root = writeTree(await newTemp(), { 'a.txt': 'a' });
    symlinkSync('a.txt', path.join(root, 'link'));
    await expect(computeFileRevision(path.join(root, 'link'))).rejects.toMatchObject({
      code: 'symlink_refused',
    });
  });
});
