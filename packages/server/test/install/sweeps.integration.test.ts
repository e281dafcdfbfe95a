/**
 * The sweeps that keep the data folder from filling up (SPEC P6, Y15): listing drafts sweeps at
 * most once an interval yet never shows an expired draft, and start-up removes the work folders a
 * dead process left under `<data>/staging` — read-only trees included, links removed as links,
 * a live process's folder never taken.
 */
import {
  chmodSync,
  existsSync,
  lutimesSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLayout, sweepStaging } from '../../src/content/index.js';
import { createServer, silentLogger } from '../../src/index.js';
import { createDraftSweeper, listDraftRows } from '../../src/install/draft-rows.js';
import { temporaryFolder } from '../support/temporary-folder.js';
import { TEST_BACKENDS } from '../support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from '../support/test-password-cost.js';
import {
  createAccount,
  draftFolders,
  draftRowIds,
  type InstallTestServer,
  skillZip,
  stagingFolders,
  startInstallServer,
  uploadForm,
} from './install-fixtures.js';

const HOURS = 60 * 60 * 1000;

describe.each(TEST_BACKENDS)('data folder sweeps on $name', (backend) => {
  let setup: InstallTestServer;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    setup = await startInstallServer(await backend.openMigrated());
  });
  afterAll(async () => {
    await setup?.close();
  });

  it.skipIf(backend.skip)(
    'P6 between sweeps an expired draft is not listed; the next sweep removes its row and folder',
    async () => {
      const owner = await createAccount(setup, 'sweep-owner', 'user');
      const sweep = createDraftSweeper(setup.server.database.db, setup.dataDir, setup.clock.now, 10 * HOURS);
      await sweep();
      const uploaded = await owner.client.request('POST', '/api/install/drafts/upload', {
        body: uploadForm(await skillZip('short-lived'), 'short-lived.zip'),
      });
      expect(uploaded.status).toBe(201);
      const id: string = uploaded.body.draft.id;
      const start = setup.clock.current;
      try {
        setup.clock.advanceMinutes(61);
        await sweep();
        // Inside the interval: not swept yet, and still never listed.
        expect(await draftRowIds(setup.server)).toContain(id);
        expect(draftFolders(setup.dataDir)).toContain(id);
        expect(await listDraftRows(setup.server.database.db, owner.id, setup.clock.now())).toEqual([]);
        setup.clock.advanceMinutes(10 * 60);
        await Promise.all([sweep(), sweep()]);
        expect(await draftRowIds(setup.server)).not.toContain(id);
        expect(draftFolders(setup.dataDir)).not.toContain(id);
      } finally {
        setup.clock.current = start;
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y15 start-up removes stale staging folders (read-only ones too), keeps fresh ones, never follows a link',
    async () => {
      const layout = contentLayout(setup.dataDir);
      const outside = await temporaryFolder('sweep-outside');
      try {
        writeFileSync(path.join(outside.path, 'keep.md'), 'keep me');
        const stale = path.join(layout.stagingDirectory, 'stale-work');
        mkdirSync(path.join(stale, 'copy', 'scripts'), { recursive: true });
        writeFileSync(path.join(stale, 'copy', 'scripts', 'run.sh'), 'echo\n');
        symlinkSync(outside.path, path.join(stale, 'copy', 'escape'));
        chmodSync(path.join(stale, 'copy', 'scripts', 'run.sh'), 0o444);
        chmodSync(path.join(stale, 'copy', 'scripts'), 0o555);
        chmodSync(path.join(stale, 'copy'), 0o555);
        const staleLink = path.join(layout.stagingDirectory, 'stale-link');
        symlinkSync(outside.path, staleLink);
        const fresh = path.join(layout.stagingDirectory, 'fresh-work');
        mkdirSync(fresh);
        const twoHoursAgo = new Date(setup.clock.now().getTime() - 2 * HOURS);
        for (const entry of [path.join(stale, 'copy'), stale]) utimesSync(entry, twoHoursAgo, twoHoursAgo);
        lutimesSync(staleLink, twoHoursAgo, twoHoursAgo);

        // A restart: a second server on the same database and data folder.
        const restarted = await createServer({
          passwordHashCost: TEST_PASSWORD_HASH_COST,
          database: setup.server.database,
          dataDir: setup.dataDir,
          builtinDir: '/nonexistent-builtin-folder',
          logger: silentLogger,
          install: { now: setup.clock.now },
        });
        await restarted.stop();
        expect(existsSync(stale)).toBe(false);
        expect(stagingFolders(setup.dataDir)).toEqual(['fresh-work']);
        expect(readFileSync(path.join(outside.path, 'keep.md'), 'utf8')).toBe('keep me');

        // Two hours on, the folder nobody touched is stale too.
        expect(await sweepStaging(layout, new Date(Date.now() + 2 * HOURS))).toEqual(['fresh-work']);
        expect(stagingFolders(setup.dataDir)).toEqual([]);
        expect(readFileSync(path.join(outside.path, 'keep.md'), 'utf8')).toBe('keep me');
      } finally {
        await outside.remove();
      }
    },
  );
});
