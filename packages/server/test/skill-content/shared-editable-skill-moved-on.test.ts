/**
 * SPEC Y5, Y16 on PGlite and PostgreSQL: an edit route reads a skill's current revision from its
 * row, and a save, restore or delete may commit and prune that package before the route opens it.
 * The skill as the route then sees it is the one current now: a read shows the new content, and a
 * save from the old base is a conflict (409), never a missing package (404). A CI run saw the 404.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, SkilldockError } from '@skilldock/core/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLayout } from '../../src/content/index.js';
import type { Viewer } from '../../src/index.js';
import { sharedEditableSkill } from '../../src/skill-content/shared-editable-skill.js';
import { currentSkillRevision } from '../../src/skill-content/skill-revision.js';
import { loadViewer } from '../../src/testing.js';
import { addPerson, openContentApp, publishSharedSkill } from '../support/skill-content-fixtures.js';
import type { TestApp } from '../support/test-app.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

describe.each(TEST_BACKENDS)('a skill that moved on before its package was opened, on $name', (backend) => {
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let server: TestApp;
  let viewer: Viewer;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'moved-on');
    server = started.server;
    const admin = await addPerson(server, 'moved-admin', 'admin');
    viewer = (await loadViewer(server.database.db, admin.id))!;
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)(
    'Y5 Y16 opening a revision pruned by a concurrent save shows the current one, and a save from it is a 409',
    async () => {
      const { db } = server.database;
      const layout = contentLayout(server.dataDir);
      await publishSharedSkill(server, 'moved', { files: { 'notes.md': 'first\n' } });
      const actor = { viewer, requestId: 'moved-on-test' };
      const first = await sharedEditableSkill(db, layout, 'moved', await currentSkillRevision(db, 'moved'));
      const stale = await first.currentRevision();
      // Another save wins: its commit moves the row on. The history keeps the package the route
      // read; once that entry ages out of the history, a prune removes it (done here by hand).
      const saved = await first.save(
        stale,
        [{ type: 'write', path: 'notes.md', content: 'second\n' }],
        actor,
      );
      expect(saved.changed).toBe(true);
      const stalePackage = path.join(layout.packagesDirectory, stale.slice('sha256:'.length));
      expect((await stat(stalePackage)).isDirectory()).toBe(true);
      await rm(stalePackage, { recursive: true });

      // The route had read `stale` from the row before that: it opens the skill as it is now.
      const late = await sharedEditableSkill(db, layout, 'moved', stale);
      expect(await late.currentRevision()).toBe(saved.revision);
      expect(await readFile(path.join(late.directory, 'notes.md'), 'utf8')).toBe('second\n');
      const refused = await late
        .save(stale, [{ type: 'write', path: 'notes.md', content: 'third\n' }], actor)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as ConflictError).code).toBe('revision_conflict');

      // A revision that was never stored, while the row names another, is still not found.
      const missing = await sharedEditableSkill(db, layout, 'ghost', `sha256:${'0'.repeat(64)}`).catch(
        (error: unknown) => error,
      );
      expect(SkilldockError.isInstance(missing) && missing.code).toBe('package_not_found');
    },
  );
});
