import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StagingWriter } from '../../src/install/staging-writer.js';
import { removeTemporaryDirectories, temporaryDirectory } from './sources/install-fixtures.js';

afterAll(removeTemporaryDirectories);

describe('StagingWriter', () => {
  it('P6 writes every queued file with its mode through a small window', async () => {
    const directory = await temporaryDirectory();
    const writer = new StagingWriter(3);
    for (let index = 0; index < 40; index++)
      await writer.writeFile(
        path.join(directory, `file-${index}.txt`),
        Buffer.from(`content ${index}`),
        index % 2 === 0 ? 0o755 : 0o644,
      );
    await writer.flush();
    expect(await readdir(directory)).toHaveLength(40);
    expect(await readFile(path.join(directory, 'file-7.txt'), 'utf8')).toBe('content 7');
    expect((await stat(path.join(directory, 'file-8.txt'))).mode & 0o100).toBe(0o100);
    expect((await stat(path.join(directory, 'file-7.txt'))).mode & 0o111).toBe(0);
  });

  it('P6 never overwrites a file, and flush throws the first failure after every write settled', async () => {
    const directory = await temporaryDirectory();
    await writeFile(path.join(directory, 'taken.txt'), 'old');
    const writer = new StagingWriter(4);
    await writer.writeFile(path.join(directory, 'taken.txt'), Buffer.from('new'), 0o644);
    await writer.writeFile(path.join(directory, 'other.txt'), Buffer.from('other'), 0o644);
    await expect(writer.flush()).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path.join(directory, 'taken.txt'), 'utf8')).toBe('old');
    expect(await readFile(path.join(directory, 'other.txt'), 'utf8')).toBe('other');
    // Once a write failed, the writer takes no more.
    await expect(
      writer.writeFile(path.join(directory, 'later.txt'), Buffer.from('later'), 0o644),
    ).rejects.toMatchObject({ code: 'EEXIST' });
  });
});
