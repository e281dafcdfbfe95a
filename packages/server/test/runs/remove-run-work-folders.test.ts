import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, runs } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';
import { silentLogger } from '../../src/index.js';
import { runWorkRoot } from '../../src/run-tools/run-work-folder.js';
import { sweepOrphanRunWorkFolders } from '../../src/runs/remove-run-work-folders.js';
import { TEST_BACKENDS } from '../support/test-databases.js';
import { insertRunOwner } from './run-owner.js';

const NOW = Date.now();
const TWENTY_MINUTES_AGO = new Date(NOW - 20 * 60 * 1000);

describe.each(TEST_BACKENDS)('work folders of deleted runs are swept on $name', (backend) => {
  let database: Database;
  let dataDir: string;
  let outside: string;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    dataDir = mkdtempSync(path.join(tmpdir(), 'skilldock-run-work-'));
    outside = mkdtempSync(path.join(tmpdir(), 'skilldock-outside-'));
    await insertRunOwner(database);
    await database.db.insert(conversations).values({ id: 'c1', userId: 'u1', agentId: 'a1' });
    await database.db
      .insert(runs)
      .values({ id: 'alive', conversationId: 'c1', userId: 'u1', agentId: 'a1', prompt: 'p' });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    for (const folder of [dataDir, outside]) if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it.skipIf(backend.skip)(
    'Y15 only old folders without a run go: links as links, odd names left alone',
    async () => {
      const root = runWorkRoot(dataDir);
      const folder = (name: string, old = true) => {
        mkdirSync(path.join(root, name, 'deep'), { recursive: true });
        writeFileSync(path.join(root, name, 'deep', 'file.txt'), name);
        if (old) utimesSync(path.join(root, name), TWENTY_MINUTES_AGO, TWENTY_MINUTES_AGO);
      };
      folder('alive');
      folder('deleted-run');
      folder('just-made', false);
      folder('.hidden');
      writeFileSync(path.join(outside, 'keep.txt'), 'outside');
      symlinkSync(outside, path.join(root, 'linked-run'));
      // A link's own time: lutimes is not in node:fs, so the link is older than the grace only by
      // waiting, which this test does not; it is swept by passing `now` later instead.
      expect((await sweepOrphanRunWorkFolders(database.db, dataDir, silentLogger, NOW)).sort()).toEqual([
        'deleted-run',
      ]);
      expect(existsSync(path.join(root, 'alive', 'deep', 'file.txt'))).toBe(true);
      expect(existsSync(path.join(root, 'deleted-run'))).toBe(false);
      expect(existsSync(path.join(root, 'just-made'))).toBe(true);
      expect(existsSync(path.join(root, '.hidden'))).toBe(true);

      const later = NOW + 30 * 60 * 1000;
      expect((await sweepOrphanRunWorkFolders(database.db, dataDir, silentLogger, later)).sort()).toEqual([
        'just-made',
        'linked-run',
      ]);
      // The link went as a link: what it pointed at is untouched.
      expect(readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('outside');
      expect(existsSync(path.join(root, 'alive'))).toBe(true);
      expect(existsSync(path.join(root, '.hidden'))).toBe(true);
    },
  );

  it.skipIf(backend.skip)('Y15 no run-work folder at all is nothing to do', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'skilldock-no-run-work-'));
    try {
      expect(await sweepOrphanRunWorkFolders(database.db, empty, silentLogger, NOW)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
