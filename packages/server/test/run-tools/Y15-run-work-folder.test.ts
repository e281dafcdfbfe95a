import { chmod, lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunWorkFolder, removeRunWorkFolder, runWorkFolder } from '../../src/run-tools/index.js';
import { temporaryFolder } from '../support/temporary-folder.js';

describe("a run's work folder", () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let dataDir: string;
  beforeEach(async () => {
    folder = await temporaryFolder('run-work');
    dataDir = path.join(folder.path, 'data');
  });
  afterEach(() => folder.remove());

  it('Y17 lives at <data>/run-work/<run id>, created private and kept for a resumed run', async () => {
    expect(runWorkFolder(dataDir, 'run-1')).toBe(path.join(dataDir, 'run-work', 'run-1'));
    const created = await createRunWorkFolder(dataDir, 'run-1');
    expect(created).toBe(path.join(dataDir, 'run-work', 'run-1'));
    expect((await lstat(created)).mode & 0o777).toBe(0o700);
    await writeFile(path.join(created, 'kept.txt'), 'x');
    expect(await createRunWorkFolder(dataDir, 'run-1')).toBe(created);
    expect(await readFile(path.join(created, 'kept.txt'), 'utf8')).toBe('x');
  });

  it('SEC1 a run id becomes a path only through the safe-segment check', () => {
    for (const hostile of [
      '',
      '.',
      '..',
      '../x',
      'a/b',
      'a\\b',
      '.hidden',
      'nul\0',
      'CON',
      'x'.repeat(300),
    ]) {
      expect(() => runWorkFolder(dataDir, hostile), JSON.stringify(hostile)).toThrow(
        expect.objectContaining({ code: 'invalid_run_id' }),
      );
    }
  });

  it('Y15 a link planted at run-work/ or at the run folder is refused, never followed', async () => {
    const elsewhere = path.join(folder.path, 'elsewhere');
    await mkdir(elsewhere);
    await mkdir(dataDir);
    await symlink(elsewhere, path.join(dataDir, 'run-work'));
    await expect(createRunWorkFolder(dataDir, 'run-1')).rejects.toMatchObject({ code: 'symlink_refused' });
    const otherData = path.join(folder.path, 'other');
    await mkdir(path.join(otherData, 'run-work'), { recursive: true });
    await symlink(elsewhere, path.join(otherData, 'run-work', 'run-2'));
    await expect(createRunWorkFolder(otherData, 'run-2')).rejects.toMatchObject({ code: 'symlink_refused' });
  });

  it('Y15 removing it deletes links inside as links, never their targets, and opens up locked folders', async () => {
    const outside = path.join(folder.path, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'precious.txt'), 'keep me');
    const work = await createRunWorkFolder(dataDir, 'run-1');
    await symlink(outside, path.join(work, 'to-outside'));
    await symlink(path.join(outside, 'precious.txt'), path.join(work, 'precious-link'));
    await mkdir(path.join(work, 'locked', 'deeper'), { recursive: true });
    await writeFile(path.join(work, 'locked', 'deeper', 'file.txt'), 'x');
    await chmod(path.join(work, 'locked', 'deeper'), 0o000);
    await chmod(path.join(work, 'locked'), 0o000);
    await removeRunWorkFolder(dataDir, 'run-1');
    await expect(lstat(work)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(path.join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
    await removeRunWorkFolder(dataDir, 'run-1');
  });

  it('Y15 a run folder that was replaced by a link is removed as the link alone', async () => {
    const outside = path.join(folder.path, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'precious.txt'), 'keep me');
    await mkdir(path.join(dataDir, 'run-work'), { recursive: true });
    await symlink(outside, path.join(dataDir, 'run-work', 'run-3'));
    await removeRunWorkFolder(dataDir, 'run-3');
    await expect(lstat(path.join(dataDir, 'run-work', 'run-3'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(path.join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
  });
});
