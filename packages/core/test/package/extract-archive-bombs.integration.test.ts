/**
 * The archive reader's size and count limits against bombs (SPEC P3), in the full tier: each case
 * builds or expands many MiB (a 200 MiB zip bomb, a 60 MiB spread, 2,001 entries), seconds of CPU
 * the fast loop should not pay on every run. The fast tier keeps every other hostile case.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_ARCHIVE_LIMITS, extractArchive } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import { expectRefused } from './hostile-archive-harness.js';
import {
  rawTar,
  rawZip,
  SKILL_TEXT,
  useTempDirectories,
  yazlZip,
  zeroStream,
} from './package-test-helpers.js';

const newTemp = useTempDirectories();
const MiB = 1024 * 1024;
const skill = { name: 'demo/SKILL.md', data: Buffer.from(SKILL_TEXT) };

describe('extractArchive refuses archive bombs and oversized archives, and writes nothing', () => {
  it('P3 refuses a zip bomb (200 MiB of zeros in a tiny file) by its expanded size', async () => {
    const base = await newTemp();
    const bomb = await yazlZip({ 'demo/SKILL.md': SKILL_TEXT, 'demo/zeros.bin': zeroStream(200 * MiB) });
    expect(bomb.length).toBeLessThan(MiB);
    const error = await expectRefused(base, bomb, {
      kind: 'security',
      code: 'archive_too_large_expanded',
      mentions: ['demo/zeros.bin', String(DEFAULT_ARCHIVE_LIMITS.maxExpandedBytes)],
    });
    expect(error.details).toMatchObject({
      entry: 'demo/zeros.bin',
      limit: DEFAULT_ARCHIVE_LIMITS.maxExpandedBytes,
    });
  });

  it('P3 refuses a tgz whose stream expands past the limit after the end of the tar (gzip bomb)', async () => {
    const base = await newTemp();
    const tar = rawTar([skill]);
    const padded = Buffer.concat([tar, Buffer.alloc(80 * MiB)]);
    const bomb = gzipSync(padded, { level: 9 });
    expect(bomb.length).toBeLessThan(MiB);
    await expectRefused(base, bomb, { kind: 'security', code: 'archive_too_large_expanded' });
  });

  it('P3 refuses a 60 MiB expansion spread over honest entries', async () => {
    const base = await newTemp();
    const entries: Record<string, string | ReturnType<typeof zeroStream>> = { 'demo/SKILL.md': SKILL_TEXT };
    for (let index = 0; index < 6; index++) entries[`demo/part-${index}.bin`] = zeroStream(10 * MiB);
    const error = await expectRefused(base, await yazlZip(entries), {
      kind: 'security',
      code: 'archive_too_large_expanded',
      mentions: ['demo/part-'],
    });
    expect(error.details.actual).toBeGreaterThan(DEFAULT_ARCHIVE_LIMITS.maxExpandedBytes);
  });

  it('P3 refuses an archive file over 10 MiB before reading it', async () => {
    const base = await newTemp();
    const big = Buffer.concat([rawZip([skill]), Buffer.alloc(10 * MiB)]);
    await expectRefused(base, big, {
      kind: 'security',
      code: 'archive_too_large',
      mentions: [String(10 * MiB)],
    });
  });

  it('P3 rejects 2001 entries (zip, from the central directory)', async () => {
    const base = await newTemp();
    const entries: Record<string, string> = { 'demo/SKILL.md': SKILL_TEXT };
    for (let index = 0; index < 2000; index++) entries[`demo/f${index}.txt`] = 'x';
    const error = await expectRefused(base, await yazlZip(entries), {
      kind: 'security',
      code: 'too_many_entries',
      mentions: ['2000'],
    });
    expect(error.details).toMatchObject({ limit: 2000, actual: 2001 });
  });

  it('P3 rejects 2001 entries (tar, counted while reading)', async () => {
    const base = await newTemp();
    const entries = [
      skill,
      ...Array.from({ length: 2000 }, (_, index) => ({ name: `demo/f${index}.txt`, data: Buffer.from('x') })),
    ];
    const error = await expectRefused(base, gzipSync(rawTar(entries)), {
      kind: 'security',
      code: 'too_many_entries',
      mentions: ['demo/f1999.txt', '2000'],
    });
    expect(error.details).toMatchObject({ entry: 'demo/f1999.txt', limit: 2000, actual: 2001 });
  });

  it('P3 an archive inside the archive is plain bytes: a nested zip bomb is never expanded, a nested archive counts in the expanded limit', async () => {
    const nestedBomb = await yazlZip({ 'zeros.bin': zeroStream(200 * MiB) });
    const gzipped = gzipSync('x'.repeat(10_000));
    const tar = rawTar([{ name: 'x.txt', data: Buffer.from('x') }]);
    const base = await newTemp();
    const archivePath = path.join(base, 'upload.zip');
    writeFileSync(
      archivePath,
      rawZip([
        skill,
        { name: 'demo/bomb.zip', data: nestedBomb },
        { name: 'demo/renamed.txt', data: gzipped },
        { name: 'demo/t.dat', data: tar },
      ]),
    );
    const extracted = await extractArchive(archivePath, { tempParent: base });
    expect(extracted.files.map((file) => [file.path, file.size])).toEqual([
      ['SKILL.md', SKILL_TEXT.length],
      ['bomb.zip', nestedBomb.length],
      ['renamed.txt', gzipped.length],
      ['t.dat', tar.length],
    ]);
    expect(readFileSync(path.join(extracted.skillDirectory, 'bomb.zip')).equals(nestedBomb)).toBe(true);
    await extracted.dispose();
    // Its bytes count: one byte less budget than the nested archive needs is a refusal naming it.
    await expectRefused(
      await newTemp(),
      gzipSync(rawTar([skill, { name: 'demo/inner.tar', data: tar }])),
      { kind: 'security', code: 'archive_too_large_expanded', mentions: ['demo/inner.tar'] },
      { maxExpandedBytes: SKILL_TEXT.length + tar.length - 1 },
    );
  });
});
