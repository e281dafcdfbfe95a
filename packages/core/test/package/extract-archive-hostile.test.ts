import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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

describe('extractArchive refuses hostile archives and writes nothing', () => {
  it('P3 refuses a zip whose headers claim fewer bytes than the data holds (inflation stops there)', async () => {
    const base = await newTemp();
    const honest = await yazlZip({ 'demo/SKILL.md': SKILL_TEXT, 'demo/data.bin': zeroStream(4 * MiB) });
    // Patch the declared uncompressed size of demo/data.bin (local and central headers) to 100 bytes.
    const lying = Buffer.from(honest);
    const name = Buffer.from('demo/data.bin');
    for (let at = lying.indexOf(name); at !== -1; at = lying.indexOf(name, at + 1)) {
      const local = lying.readUInt32LE(at - 30) === 0x04034b50;
      const central = lying.readUInt32LE(at - 46) === 0x02014b50;
      if (local) lying.writeUInt32LE(100, at - 30 + 22);
      if (central) lying.writeUInt32LE(100, at - 46 + 24);
    }
    expect(lying.equals(honest)).toBe(false);
    await expectRefused(base, lying, {
      kind: 'security',
      code: 'entry_size_mismatch',
      mentions: ['demo/data.bin'],
    });
  });

  it('P3 refuses a zip whose headers claim more bytes than the data holds', async () => {
    const base = await newTemp();
    const archive = rawZip([skill, { name: 'demo/a.txt', data: Buffer.from('short'), declaredSize: 5000 }]);
    await expectRefused(base, archive, {
      kind: 'security',
      code: 'entry_size_mismatch',
      mentions: ['demo/a.txt', '5000'],
    });
  });

  it('P3 refuses a zip entry whose bytes fail the CRC-32 check', async () => {
    const base = await newTemp();
    const archive = rawZip([skill, { name: 'demo/a.txt', data: Buffer.from('original text'), method: 0 }]);
    const at = archive.indexOf('original text');
    archive.write('tampered text', at, 'latin1');
    await expectRefused(base, archive, {
      kind: 'user-input',
      code: 'corrupt_archive',
      mentions: ['CRC-32', 'demo/a.txt'],
    });
  });

  it.each([
    ['../evil', 'climbs out'],
    ['../../evil', 'climbs out'],
    ['demo/../../evil', 'climbs out'],
    ['/ABSOLUTE/evil', 'absolute'],
    ['demo\\..\\..\\evil', 'backslash'],
    ['C:/evil', 'drive letter'],
    ['C:evil', 'drive letter'],
    ['demo//evil', 'empty segment'],
    ['demo/./evil', '. segment'],
  ])('P3 rejects a zip entry named %s', async (name, reason) => {
    const base = await newTemp();
    const entryName = name.replace('/ABSOLUTE', base);
    const archive = rawZip([skill, { name: entryName, data: Buffer.from('evil') }]);
    const error = await expectRefused(base, archive, {
      kind: 'security',
      code: 'unsafe_entry_name',
      mentions: [reason],
    });
    expect(error.details.entry).toBe(entryName);
  });

  it.each([
    ['../evil', 'climbs out'],
    ['/ABSOLUTE/evil', 'absolute'],
    ['demo\\evil', 'backslash'],
  ])('P3 rejects a tar entry named %s', async (name, reason) => {
    const base = await newTemp();
    const archive = gzipSync(
      rawTar([skill, { name: name.replace('/ABSOLUTE', base), data: Buffer.from('evil') }]),
    );
    await expectRefused(base, archive, { kind: 'security', code: 'unsafe_entry_name', mentions: [reason] });
  });

  it.each([
    ['symbolic link', 0o120777, 'link_entry'],
    ['character device', 0o020644, 'special_entry'],
    ['block device', 0o060644, 'special_entry'],
    ['FIFO', 0o010644, 'special_entry'],
  ])('P3 rejects a zip %s entry (unix mode in the external attributes)', async (_kind, unixMode, code) => {
    const base = await newTemp();
    const archive = rawZip([skill, { name: 'demo/evil', data: Buffer.from('/etc/passwd'), unixMode }]);
    await expectRefused(base, archive, { kind: 'security', code, mentions: ['demo/evil'] });
  });

  it.each([
    ['symbolic link', '2', 'link_entry'],
    ['hard link', '1', 'link_entry'],
    ['character device', '3', 'special_entry'],
    ['FIFO', '6', 'special_entry'],
  ])('P3 rejects a tar %s entry', async (_kind, type, code) => {
    const base = await newTemp();
    const archive = gzipSync(
      rawTar([skill, { name: 'demo/evil', type, linkName: type < '3' ? '/etc/passwd' : '' }]),
    );
    await expectRefused(base, archive, { kind: 'security', code, mentions: ['demo/evil'] });
  });

  it.each([
    ['the same name twice', 'demo/a.txt', 'demo/a.txt'],
    ['names equal ignoring case', 'demo/README.md', 'demo/readme.md'],
    ['names equal after Unicode normalisation', 'demo/caf\u00e9.md', 'demo/cafe\u0301.md'],
    ['a file where a folder is', 'demo/x', 'demo/x/y.txt'],
  ])('P3 rejects duplicate entries: %s', async (_case, first, second) => {
    const base = await newTemp();
    const archive = rawZip([
      skill,
      { name: first, data: Buffer.from('1') },
      { name: second, data: Buffer.from('2') },
    ]);
    await expectRefused(base, archive, { kind: 'security', code: 'duplicate_entry', mentions: [second] });
  });

  it('P3 rejects a folder entry over a file of the same name', async () => {
    const base = await newTemp();
    const archive = rawZip([skill, { name: 'demo/x', data: Buffer.from('1') }, { name: 'demo/X/' }]);
    await expectRefused(base, archive, { kind: 'security', code: 'duplicate_entry' });
  });

  it('P3 rejects an entry 100 levels deep', async () => {
    const base = await newTemp();
    const deep = `demo/${Array.from({ length: 98 }, () => 'd').join('/')}/x.txt`;
    const error = await expectRefused(base, rawZip([skill, { name: deep, data: Buffer.from('x') }]), {
      kind: 'security',
      code: 'entry_too_deep',
      mentions: ['100 levels', '32'],
    });
    expect(error.details).toMatchObject({ entry: deep, limit: 32, actual: 100 });
  });

  it('P3 rejects a truncated zip', async () => {
    const base = await newTemp();
    const whole = await yazlZip({ 'demo/SKILL.md': SKILL_TEXT, 'demo/a.txt': 'a'.repeat(5000) });
    await expectRefused(base, whole.subarray(0, whole.length - 30), {
      kind: 'user-input',
      code: 'corrupt_archive',
    });
  });

  it('P3 rejects a truncated tgz', async () => {
    const base = await newTemp();
    const whole = gzipSync(
      rawTar([
        skill,
        { name: 'demo/a.bin', data: Buffer.from(Array.from({ length: 9000 }, (_, i) => i % 251)) },
      ]),
    );
    await expectRefused(base, whole.subarray(0, Math.floor(whole.length / 2)), {
      kind: 'user-input',
      code: 'corrupt_archive',
    });
  });

  it('P3 rejects a tar with a damaged header checksum', async () => {
    const base = await newTemp();
    const tar = rawTar([skill, { name: 'demo/a.txt', data: Buffer.from('a') }]);
    tar[1024 + 10] = 0x41;
    await expectRefused(base, gzipSync(tar), { kind: 'user-input', code: 'corrupt_archive' });
  });

  it('P3 rejects a non-UTF-8 entry name', async () => {
    const base = await newTemp();
    const name = Buffer.from([...Buffer.from('demo/caf'), 0xe9, ...Buffer.from('.txt')]);
    await expectRefused(base, rawZip([skill, { name, data: Buffer.from('x') }]), {
      kind: 'security',
      code: 'entry_name_not_utf8',
      mentions: ['demo/caf\\xe9.txt'],
    });
    await expectRefused(await newTemp(), gzipSync(rawTar([skill, { name, data: Buffer.from('x') }])), {
      kind: 'security',
      code: 'entry_name_not_utf8',
    });
  });

  it('P3 rejects an archive with no SKILL.md', async () => {
    const base = await newTemp();
    await expectRefused(base, rawZip([{ name: 'demo/README.md', data: Buffer.from('no skill') }]), {
      kind: 'user-input',
      code: 'no_skill_file',
    });
  });

  it('P3 rejects a SKILL.md that sits below two folders only', async () => {
    const base = await newTemp();
    await expectRefused(base, rawZip([{ name: 'a/b/SKILL.md', data: Buffer.from(SKILL_TEXT) }]), {
      kind: 'user-input',
      code: 'no_skill_file',
    });
  });

  it('P3 rejects two root skills (two top folders with SKILL.md)', async () => {
    const base = await newTemp();
    const archive = rawZip([
      { name: 'one/SKILL.md', data: Buffer.from(SKILL_TEXT) },
      { name: 'two/SKILL.md', data: Buffer.from(SKILL_TEXT) },
    ]);
    await expectRefused(base, archive, {
      kind: 'user-input',
      code: 'multiple_root_skills',
      mentions: ['one', 'two'],
    });
  });

  it('P3 rejects two root skills (a root SKILL.md beside a folder with its own)', async () => {
    const base = await newTemp();
    const archive = gzipSync(
      rawTar([
        { name: 'SKILL.md', data: Buffer.from(SKILL_TEXT) },
        { name: 'other/SKILL.md', data: Buffer.from(SKILL_TEXT) },
      ]),
    );
    await expectRefused(base, archive, {
      kind: 'user-input',
      code: 'multiple_root_skills',
      mentions: ['other'],
    });
  });

  it('P3 rejects a file that is not an archive, whatever its extension says', async () => {
    const base = await newTemp();
    await expectRefused(base, readFileSync(path.join(import.meta.dirname, 'package-test-helpers.ts')), {
      kind: 'user-input',
      code: 'not_an_archive',
    });
  });

  it('P3 rejects an encrypted zip entry', async () => {
    const base = await newTemp();
    const archive = rawZip([skill, { name: 'demo/secret.txt', data: Buffer.from('x') }]);
    // Set the "encrypted" general-purpose flag bit in both headers of the second entry.
    const name = Buffer.from('demo/secret.txt');
    for (let at = archive.indexOf(name); at !== -1; at = archive.indexOf(name, at + 1)) {
      if (archive.readUInt32LE(at - 30) === 0x04034b50)
        archive.writeUInt16LE(archive.readUInt16LE(at - 24) | 1, at - 24);
      if (archive.readUInt32LE(at - 46) === 0x02014b50)
        archive.writeUInt16LE(archive.readUInt16LE(at - 38) | 1, at - 38);
    }
    await expectRefused(base, archive, {
      kind: 'user-input',
      code: 'encrypted_entry',
      mentions: ['demo/secret.txt'],
    });
  });
});
