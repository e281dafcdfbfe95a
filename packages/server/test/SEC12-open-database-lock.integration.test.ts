/**
 * SPEC SEC12 through `openDatabase`: PGlite in a folder takes the folder's lock before it reads a
 * byte, and closing gives it back. Full tier: a PGlite on disk takes seconds to initialise.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataFolderLockFile } from '../src/db/lock-data-folder.js';
import { openDatabase } from '../src/index.js';

describe('SEC12 openDatabase holds its folder', () => {
  let base: string;
  let folder: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'skilldock-sec12-open-'));
    folder = path.join(base, 'db');
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('SEC12 a second open of the folder fails before PGlite touches it; closing gives it back', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      expect(database.folderLock?.file).toBe(dataFolderLockFile(folder));
      await expect(openDatabase({ kind: 'pglite', dataDir: folder })).rejects.toMatchObject({
        code: 'file_locked',
        details: { pid: process.pid },
      });
    } finally {
      await database.close();
    }
    expect(existsSync(dataFolderLockFile(folder))).toBe(false);
  }, 120_000);
});
