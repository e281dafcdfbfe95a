import { describe, expect, it } from 'vitest';
import { packageDirectory, readContentFile, writeSkillFile } from '../../src/content/index.js';
import {
  codeOf,
  publishedSkill,
  useDataFolders,
  useTempFolders,
  visiblePackages,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();

async function sharedSkill() {
  const { layout, table, folder } = await publishedSkill(newData, newTemp, { 'a.md': 'a\n', 'b.md': 'b\n' });
  const hashes = {
    a: (await readContentFile(folder, 'a.md')).sha256,
    b: (await readContentFile(folder, 'b.md')).sha256,
  };
  const write = (file: string, content: string, sha256: string) =>
    writeSkillFile(layout, {
      currentRevision: async () => table.get('pdf')!,
      path: file,
      content,
      sha256,
      commit: async (saved) => table.swap('pdf', saved.baseRevision, saved.revision),
      referencedRevisions: table.referenced,
      attempts: 20,
    });
  return { layout, table, hashes, write };
}

describe('writeSkillFile', () => {
  it("Y5 concurrent single-file writes of different files all land: each checks only its own file's SHA-256", async () => {
    const { layout, table, hashes, write } = await sharedSkill();
    await Promise.all([write('a.md', 'A\n', hashes.a), write('b.md', 'B\n', hashes.b)]);
    const folder = await packageDirectory(layout, table.get('pdf')!);
    expect((await readContentFile(folder, 'a.md')).bytes.toString()).toBe('A\n');
    expect((await readContentFile(folder, 'b.md')).bytes.toString()).toBe('B\n');
    expect(visiblePackages(layout)).toEqual([table.get('pdf')!.slice(7)]);
  });

  it('Y5 a single-file write of a file someone else changed is refused and writes nothing', async () => {
    const { layout, table, hashes, write } = await sharedSkill();
    await write('a.md', 'first\n', hashes.a);
    const current = table.get('pdf');
    expect(await codeOf(write('a.md', 'second\n', hashes.a))).toBe('file_changed');
    expect(table.get('pdf')).toBe(current);
    expect(visiblePackages(layout)).toEqual([current!.slice(7)]);
  });
});
