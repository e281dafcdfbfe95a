import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { computeDirectoryRevision, extractArchive, packSkill } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import {
  listTree,
  rawTar,
  rawZip,
  SKILL_TEXT,
  useTempDirectories,
  writeTree,
  yazlZip,
} from './package-test-helpers.js';

const newTemp = useTempDirectories();

async function saved(directory: string, name: string, bytes: Buffer): Promise<string> {
  const file = path.join(directory, name);
  writeFileSync(file, bytes);
  return file;
}

describe('extractArchive happy paths', () => {
  it('P3 extracts a zip with a top folder and finds the skill inside it', async () => {
    const base = await newTemp();
    const archive = await saved(
      base,
      'upload.zip',
      await yazlZip({ 'demo/SKILL.md': SKILL_TEXT, 'demo/docs/': '', 'demo/docs/guide.md': '# Guide\n' }),
    );
    const extracted = await extractArchive(archive, { tempParent: base });
    try {
      expect(extracted.format).toBe('zip');
      expect(path.dirname(extracted.directory)).toBe(base);
      expect(extracted.skillDirectory).toBe(path.join(extracted.directory, 'demo'));
      expect(extracted.files).toEqual([
        { path: 'SKILL.md', size: SKILL_TEXT.length, executable: false },
        { path: 'docs/guide.md', size: 8, executable: false },
      ]);
      expect(extracted.totalBytes).toBe(SKILL_TEXT.length + 8);
      expect(readFileSync(path.join(extracted.skillDirectory, 'SKILL.md'), 'utf8')).toBe(SKILL_TEXT);
    } finally {
      await extracted.dispose();
    }
    expect(listTree(base)).toEqual(['upload.zip']);
  });

  it('P3 extracts a zip without a top folder (SKILL.md at the root)', async () => {
    const base = await newTemp();
    const archive = await saved(
      base,
      'flat.zip',
      rawZip([{ name: 'SKILL.md', data: Buffer.from(SKILL_TEXT) }]),
    );
    const extracted = await extractArchive(archive, { tempParent: base });
    expect(extracted.skillDirectory).toBe(extracted.directory);
    expect(extracted.files.map((file) => file.path)).toEqual(['SKILL.md']);
    await extracted.dispose();
  });

  it('P3 extracts a tgz with and without a top folder, keeping the executable bit', async () => {
    const base = await newTemp();
    const nested = await saved(
      base,
      'nested.tgz',
      gzipSync(
        rawTar([
          { name: 'demo/', type: '5' },
          { name: 'demo/SKILL.md', data: Buffer.from(SKILL_TEXT) },
          { name: 'demo/run.sh', data: Buffer.from('echo hi\n'), mode: 0o755 },
        ]),
      ),
    );
    const first = await extractArchive(nested, { tempParent: base });
    expect(first.format).toBe('tgz');
    expect(first.skillDirectory).toBe(path.join(first.directory, 'demo'));
    expect(first.files).toContainEqual({ path: 'run.sh', size: 8, executable: true });
    expect(statSync(path.join(first.skillDirectory, 'run.sh')).mode & 0o100).toBe(0o100);
    await first.dispose();
    // `tar -C skill -czf x.tgz .` writes ./-prefixed names.
    const flat = await saved(
      base,
      'flat.tgz',
      gzipSync(
        rawTar([
          { name: './', type: '5' },
          { name: './SKILL.md', data: Buffer.from(SKILL_TEXT) },
        ]),
      ),
    );
    const second = await extractArchive(flat, { tempParent: base });
    expect(second.skillDirectory).toBe(second.directory);
    expect(second.files.map((file) => file.path)).toEqual(['SKILL.md']);
    await second.dispose();
  });

  it('P3 detects the format by magic bytes, not the extension', async () => {
    const base = await newTemp();
    const archive = await saved(
      base,
      'actually-a-zip.tgz',
      rawZip([{ name: 'SKILL.md', data: Buffer.from(SKILL_TEXT) }]),
    );
    const extracted = await extractArchive(archive, { tempParent: base });
    expect(extracted.format).toBe('zip');
    await extracted.dispose();
  });

  it('P3 allows document containers (.docx) that are zips inside', async () => {
    const base = await newTemp();
    const docx = await yazlZip({ '[Content_Types].xml': '<Types/>' });
    const archive = await saved(
      base,
      'docs.zip',
      rawZip([
        { name: 'demo/SKILL.md', data: Buffer.from(SKILL_TEXT) },
        { name: 'demo/template.docx', data: docx },
      ]),
    );
    const extracted = await extractArchive(archive, { tempParent: base });
    expect(extracted.files.map((file) => file.path)).toEqual(['SKILL.md', 'template.docx']);
    await extracted.dispose();
  });

  it('P3 skips macOS __MACOSX metadata folders', async () => {
    const base = await newTemp();
    const archive = await saved(
      base,
      'mac.zip',
      rawZip([
        { name: 'demo/SKILL.md', data: Buffer.from(SKILL_TEXT) },
        { name: '__MACOSX/demo/._SKILL.md', data: Buffer.from('resource fork') },
      ]),
    );
    const extracted = await extractArchive(archive, { tempParent: base });
    expect(extracted.skillDirectory).toBe(path.join(extracted.directory, 'demo'));
    expect(listTree(extracted.directory)).toEqual(['demo/', 'demo/SKILL.md']);
    await extracted.dispose();
  });

  it('P3 round-trips a packed skill: the extracted folder has the same revision', async () => {
    const base = await newTemp();
    const skill = writeTree(
      path.join(base, 'round-trip'),
      {
        'SKILL.md': SKILL_TEXT,
        'scripts/run.sh': '#!/bin/sh\n',
        'empty/': '',
        'data/é.bin': Buffer.from([0, 1, 2]),
      },
      ['scripts/run.sh'],
    );
    for (const format of ['zip', 'tgz'] as const) {
      const { file } = await packSkill(skill, { format, out: path.join(base, `bundle.${format}`) });
      const extracted = await extractArchive(file!, { tempParent: base });
      expect(await computeDirectoryRevision(extracted.skillDirectory)).toBe(
        await computeDirectoryRevision(skill),
      );
      await extracted.dispose();
    }
  });

  it('P3 extracts an archive made by the system zip', async () => {
    const base = await newTemp();
    writeTree(path.join(base, 'src', 'demo'), { 'SKILL.md': SKILL_TEXT, 'a/b.txt': 'b' });
    const archive = path.join(base, 'system.zip');
    execFileSync('zip', ['-qr', archive, 'demo'], { cwd: path.join(base, 'src') });
    const extracted = await extractArchive(archive, { tempParent: base });
    expect(extracted.files.map((file) => file.path)).toEqual(['SKILL.md', 'a/b.txt']);
    await extracted.dispose();
  });

  it('P3 honours tighter limits passed by the caller', async () => {
    const base = await newTemp();
    const archive = await saved(
      base,
      'small.zip',
      rawZip([{ name: 'SKILL.md', data: Buffer.from(SKILL_TEXT) }]),
    );
    await expect(
      extractArchive(archive, { tempParent: base, limits: { maxExpandedBytes: 10 } }),
    ).rejects.toMatchObject({
      code: 'archive_too_large_expanded',
      details: { entry: 'SKILL.md', limit: 10 },
    });
    expect(listTree(base)).toEqual(['small.zip']);
  });
});
