import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { checkSkillPackable, collectPackageFiles, packSkill } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import { bundleEntries } from '../../src/package/bundle-entries.js';
import { zipSizeBound } from '../../src/package/pack-skill.js';
import { listTree, SKILL_TEXT, useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();

const FILES: Record<string, string | Buffer> = {
  'SKILL.md': SKILL_TEXT,
  'scripts/run.sh': '#!/bin/sh\necho hi\n',
  'references/guide.md': '# Guide\n',
  'assets/logo.bin': Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 31) % 256)),
  'assets/ü-文档.txt': 'unicode',
  'empty/': '',
};

/** Writes the same skill, file by file, in the given order. */
function writeSkill(root: string, order: readonly string[]): string {
  mkdirSync(root, { recursive: true });
  for (const name of order) writeTree(root, { [name]: FILES[name]! });
  chmodSync(path.join(root, 'scripts/run.sh'), 0o755);
  return root;
}

describe('packSkill', () => {
  for (const format of ['zip', 'tgz'] as const) {
    it(`P2 gives identical ${format} bytes for the same folder, whatever mtimes, modes and creation order`, async () => {
      const base = await newTemp();
      const names = Object.keys(FILES);
      const first = writeSkill(path.join(base, 'one', 'demo'), names);
      const second = writeSkill(path.join(base, 'two', 'demo'), [...names].reverse());
      const reference = (await packSkill(first, { format })).bytes!;
      expect((await packSkill(first, { format })).bytes!.equals(reference)).toBe(true);
      utimesSync(path.join(second, 'SKILL.md'), new Date(2020, 5, 5), new Date(2020, 5, 5));
      utimesSync(path.join(second, 'empty'), new Date(2010, 1, 1), new Date(2010, 1, 1));
      chmodSync(path.join(second, 'references/guide.md'), 0o600);
      chmodSync(path.join(second, 'assets'), 0o700);
      expect((await packSkill(second, { format })).bytes!.equals(reference)).toBe(true);
      chmodSync(path.join(second, 'references/guide.md'), 0o700);
      expect((await packSkill(second, { format })).bytes!.equals(reference)).toBe(false);
    });
  }

  it('P2 zip: the system unzip extracts the same contents under one top folder, with normalised modes', async () => {
    const base = await newTemp();
    const skill = writeSkill(path.join(base, 'demo'), Object.keys(FILES));
    const { file, name } = await packSkill(skill, { format: 'zip', out: path.join(base, 'demo.zip') });
    expect(name).toBe('demo');
    const listing = execFileSync('unzip', ['-Z', file!], { encoding: 'utf8' });
    expect(listing).toMatch(/-rwxr-xr-x .* demo\/scripts\/run\.sh/);
    expect(listing).toMatch(/-rw-r--r-- .* demo\/SKILL\.md/);
    expect(listing).toMatch(/drwxr-xr-x .* demo\/empty\//);
    expect(listing).toContain('80-Jan-01 00:00');
    const out = path.join(base, 'unzipped');
    execFileSync('unzip', ['-q', file!, '-d', out]);
    expectSameContents(skill, path.join(out, 'demo'));
    expect(readdirSync(out)).toEqual(['demo']);
  });

  it('P2 tgz: the system tar extracts the same contents; no owner, fixed mtime, gzip header without a time', async () => {
    const base = await newTemp();
    const skill = writeSkill(path.join(base, 'demo'), Object.keys(FILES));
    const { file } = await packSkill(skill, { format: 'tgz', out: path.join(base, 'demo.tgz') });
    const bytes = readFileSync(file!);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 0x08]));
    expect(bytes.readUInt32LE(4)).toBe(0);
    const listing = execFileSync('tar', ['-tvzf', file!, '--numeric-owner'], { encoding: 'utf8' });
    expect(listing).toMatch(/-rwxr-xr-x 0\/0 .* 1980-01-01 00:00 demo\/scripts\/run\.sh/);
    expect(listing).toMatch(/-rw-r--r-- 0\/0 .* demo\/SKILL\.md/);
    expect(listing.split('\n')[0]).toMatch(/^drwxr-xr-x 0\/0 .* demo\/$/);
    const out = path.join(base, 'untarred');
    mkdirSync(out);
    execFileSync('tar', ['-xzf', file!, '-C', out]);
    expectSameContents(skill, path.join(out, 'demo'));
  });

  it('P2 skips noise with warnings and leaves it out of the bundle', async () => {
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), {
      'SKILL.md': SKILL_TEXT,
      '.git/HEAD': 'ref',
      'node_modules/a.js': '',
      '.x.swp': '',
    });
    const result = await packSkill(skill, { format: 'zip', out: path.join(base, 'demo.zip') });
    expect(result.warnings).toEqual([
      'skipped .git/ (version-control data)',
      'skipped .x.swp (editor swap file)',
      'skipped node_modules/ (installed dependencies)',
    ]);
    expect(result.files.map((file) => file.path)).toEqual(['SKILL.md']);
    expect(execFileSync('unzip', ['-Z1', result.file!], { encoding: 'utf8' })).toBe('demo/\ndemo/SKILL.md\n');
  });

  it('P2 refuses secrets, naming every one, and writes no output file', async () => {
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), {
      'SKILL.md': SKILL_TEXT,
      '.env.local': 'A=1',
      'keys/server.pem': 'x',
      '.ssh/config': 'Host x',
    });
    const error = await packSkill(skill, { format: 'zip', out: path.join(base, 'demo.zip') }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(SecurityError);
    expect(error.code).toBe('secret_in_package');
    expect(error.details.files).toEqual(['.env.local', '.ssh', 'keys/server.pem']);
    for (const name of ['.env.local', '.ssh', 'keys/server.pem', 'outside the skill folder']) {
      expect(error.message).toContain(name);
    }
    expect(readdirSync(base)).toEqual(['demo']);
  });

  it('P2 refuses a symbolic link, naming it', async () => {
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), { 'SKILL.md': SKILL_TEXT });
    symlinkSync('/etc/passwd', path.join(skill, 'passwd'));
    await expect(packSkill(skill, { format: 'tgz' })).rejects.toMatchObject({
      code: 'symlink_in_package',
      message: expect.stringContaining('passwd (symbolic link)'),
    });
  });

  it('P2 P3 never writes a bundle that import would refuse: the same checks, codes and limits, nothing left behind', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { 'README.md': 'a', 'readme.md': 'b' },
        'duplicate_entry',
        "'demo/readme.md' clashes with 'demo/README.md'",
      ],
      [{ 'a\\b.txt': 'c' }, 'unsafe_entry_name', "'demo/a\\b.txt' is refused: it contains a backslash"],
    ];
    for (const [files, code, mention] of cases) {
      const base = await newTemp();
      const skill = writeTree(path.join(base, 'demo'), { 'SKILL.md': SKILL_TEXT, ...files });
      for (const format of ['zip', 'tgz'] as const) {
        const error = await packSkill(skill, { format, out: path.join(base, `demo.${format}`) }).catch(
          (caught) => caught,
        );
        expect(error).toBeInstanceOf(SecurityError);
        expect(error).toMatchObject({ code, details: { path: 'demo' } });
        expect(error.message).toContain('an import would refuse the bundle');
        expect(error.message).toContain(mention);
        expect(readdirSync(base)).toEqual(['demo']);
      }
    }
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), { 'SKILL.md': SKILL_TEXT, 'a/b/c.txt': 'deep' });
    const limited = (importLimits: Record<string, number>) =>
      packSkill(skill, { format: 'zip', out: path.join(base, 'demo.zip'), importLimits }).catch(
        (caught) => caught,
      );
    expect(await limited({ maxEntries: 4 })).toMatchObject({ code: 'too_many_entries' });
    expect(await limited({ maxDepth: 3 })).toMatchObject({ code: 'entry_too_deep' });
    expect(await limited({ maxExpandedBytes: SKILL_TEXT.length })).toMatchObject({
      code: 'archive_too_large_expanded',
    });
    expect(await limited({ maxCompressedBytes: 100 })).toMatchObject({ code: 'archive_too_large' });
    expect(readdirSync(base)).toEqual(['demo']);
    // At the limits themselves it packs: 5 entries (demo/, a/, a/b/, a/b/c.txt, SKILL.md), 4 levels.
    expect((await limited({ maxEntries: 5, maxDepth: 4 })).file).toBe(path.join(base, 'demo.zip'));
  });

  it('P2 an archive refused after packing leaves the earlier one as it was, and no temporary file', async () => {
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), { 'SKILL.md': SKILL_TEXT, 'notes.md': 'first' });
    const out = path.join(base, 'demo.zip');
    await packSkill(skill, { format: 'zip', out });
    const before = readFileSync(out);
    writeFileSync(path.join(skill, 'notes.md'), 'second, and longer than the first');
    const refused = await packSkill(skill, {
      format: 'zip',
      out,
      importLimits: { maxCompressedBytes: 100 },
    }).catch((caught) => caught);
    expect(refused).toMatchObject({ code: 'archive_too_large' });
    expect(readFileSync(out).equals(before)).toBe(true);
    expect(readdirSync(base).sort()).toEqual(['demo', 'demo.zip']);
  });

  it('P2 refuses a folder without SKILL.md', async () => {
    const base = await newTemp();
    const folder = writeTree(path.join(base, 'demo'), { 'README.md': 'x' });
    const error = await packSkill(folder, { format: 'zip' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(UserInputError);
    expect(error.code).toBe('no_skill_file');
  });

  it('P2 leaves no partial file when writing fails', async () => {
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), { 'SKILL.md': SKILL_TEXT });
    mkdirSync(path.join(base, 'out'));
    chmodSync(path.join(base, 'out'), 0o500);
    // Root writes into a read-only folder, so for root the output's "folder" is a file instead.
    writeFileSync(path.join(base, 'not-a-folder'), 'x');
    const isRoot = process.getuid?.() === 0;
    const target = isRoot ? path.join(base, 'not-a-folder', 'demo.zip') : path.join(base, 'out', 'demo.zip');
    await expect(packSkill(skill, { format: 'zip', out: target })).rejects.toThrow();
    expect(listTree(base)).toEqual(['demo/', 'demo/SKILL.md', 'not-a-folder', 'out/']);
  });

  it('P2 replaces an existing output file atomically', async () => {
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), { 'SKILL.md': SKILL_TEXT });
    const target = path.join(base, 'demo.zip');
    writeFileSync(target, 'old');
    await packSkill(skill, { format: 'zip', out: target });
    expect(readFileSync(target).subarray(0, 2).toString()).toBe('PK');
    expect(readdirSync(base).sort()).toEqual(['demo', 'demo.zip']);
  });
});

function expectSameContents(expected: string, actual: string): void {
  expect(listTree(actual)).toEqual(listTree(expected));
  for (const entry of listTree(expected).filter((name) => !name.endsWith('/'))) {
    expect(
      readFileSync(path.join(actual, entry)).equals(readFileSync(path.join(expected, entry))),
      entry,
    ).toBe(true);
    expect(statSync(path.join(actual, entry)).mode & 0o100, entry).toBe(
      statSync(path.join(expected, entry)).mode & 0o100,
    );
  }
}

describe('checkSkillPackable', () => {
  it('P3 accepts and refuses exactly what packSkill does, with the same errors', async () => {
    const cases: Record<string, string | Buffer>[] = [
      { 'notes.md': 'fine' },
      { id_rsa: '-----BEGIN OPENSSH PRIVATE KEY-----\nx\n' },
      { 'README.md': 'a', 'readme.md': 'b' },
      { 'a/b/c/d.txt': 'deep' },
    ];
    const limits = [{}, { maxDepth: 3 }, { maxEntries: 3 }, { maxExpandedBytes: SKILL_TEXT.length }];
    for (const files of cases) {
      for (const importLimits of limits) {
        const base = await newTemp();
        const skill = writeTree(path.join(base, 'demo'), { 'SKILL.md': SKILL_TEXT, ...files });
        const packed = await packSkill(skill, { format: 'zip', importLimits }).catch((caught) => caught);
        const checked = await checkSkillPackable(skill, { importLimits }).catch((caught) => caught);
        if (packed instanceof Error) {
          expect(checked).toBeInstanceOf(packed.constructor);
          expect({ code: checked.code, message: checked.message }).toEqual({
            code: (packed as SecurityError).code,
            message: packed.message,
          });
        } else {
          expect(checked).toEqual({ name: 'demo', files: packed.files, warnings: packed.warnings });
        }
        expect(readdirSync(base)).toEqual(['demo']);
      }
    }
  });

  it('P3 measures the compressed size when the file sizes cannot prove it, as packSkill does', async () => {
    const base = await newTemp();
    const noise = Buffer.from(
      Array.from({ length: 20_000 }, (_, index) => (index * 7919 + (index >> 3)) % 251),
    );
    const skill = writeTree(path.join(base, 'demo'), {
      'SKILL.md': SKILL_TEXT,
      'zeros.bin': Buffer.alloc(40_000),
      'noise.bin': noise,
    });
    const zipped = (await packSkill(skill, { format: 'zip' })).bytes!.length;
    // Below the bound of the raw sizes but above the real zip: only measuring can accept it.
    const accepted = await checkSkillPackable(skill, { importLimits: { maxCompressedBytes: zipped } });
    expect(accepted.files.map((file) => file.path)).toEqual(['SKILL.md', 'noise.bin', 'zeros.bin']);
    const refused = await checkSkillPackable(skill, {
      importLimits: { maxCompressedBytes: zipped - 1 },
    }).catch((caught) => caught);
    expect(refused).toMatchObject({ code: 'archive_too_large', details: { actual: zipped } });
  });

  it('P3 the size bound is never below the zip packSkill writes, compressible or not', async () => {
    const base = await newTemp();
    const skill = writeTree(path.join(base, 'demo'), {
      'SKILL.md': SKILL_TEXT,
      'random-large.bin': randomBytes(200_000),
      'random-small.bin': randomBytes(7),
      'empty.txt': '',
      'deep/er/ü-文档-with-a-long-name-to-count-its-bytes-twice.txt': randomBytes(70_000),
      'folder-only/': '',
    });
    const zipped = (await packSkill(skill, { format: 'zip' })).bytes!.length;
    const collected = await collectPackageFiles(skill);
    const bound = zipSizeBound(bundleEntries('demo', collected));
    expect(bound).toBeGreaterThanOrEqual(zipped);
    // A bound, not a guess far above: incompressible bytes stay within a few hundred bytes an entry.
    expect(bound - zipped).toBeLessThan(300 * 10 + 1024);
  });
});
