import { readdir } from 'node:fs/promises';
import type { CatalogSnapshot } from '@skilldock/core/catalog';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadViewerAtGeneration } from '../../src/auth/load-viewer.js';
import { contentLayout } from '../../src/content/index.js';
import { schema, silentLogger, type Viewer } from '../../src/index.js';
import type { ProjectionContext } from '../../src/projections/index.js';
import { liveRunCatalog } from '../../src/runs/live-run-catalog.js';
import { loadRunCatalog, resolveRunSkills } from '../../src/runs/resolve-run-skills.js';
import { userProjectionPaths } from '../../src/testing.js';
import {
  addPerson,
  openContentApp,
  publishSharedSkill,
  writePersonalSkill,
} from '../support/skill-content-fixtures.js';
import type { TestApp } from '../support/test-app.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

const ids = (catalog: CatalogSnapshot | undefined) => catalog?.skills.map((skill) => skill.id) ?? [];

describe.each(TEST_BACKENDS)('a platform run refreshing its catalog on $name', (backend) => {
  let server: TestApp;
  let close: () => Promise<void>;
  let context: ProjectionContext;
  let ann: Viewer;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    ({ server, close } = await openContentApp(await backend.openMigrated(), 'live-run-catalog'));
    context = {
      db: server.database.db,
      content: { layout: contentLayout(server.dataDir), builtinDirectory: '/nonexistent-builtin-folder' },
      logger: silentLogger,
    };
    const person = await addPerson(server, 'ann', 'user');
    ann = { id: person.id, username: 'ann', role: 'user', departmentIds: [] };
    await publishSharedSkill(server, 'plan', { readScope: { kind: 'users', userIds: [ann.id] } });
  });

  afterAll(async () => {
    await close?.();
  });

  /** Revokes ann's read share of `skillId`: deletes her row of its scope. */
  const revokeShare = (skillId: string) =>
    server.database.db
      .delete(schema.skillScopeMembers)
      .where(and(eq(schema.skillScopeMembers.skillId, skillId), eq(schema.skillScopeMembers.userId, ann.id)));
  const setAnnDisabled = (disabled: boolean) =>
    server.database.db.update(schema.users).set({ disabled }).where(eq(schema.users.id, ann.id));

  /**
   * A refresh as `agentRunSetup` makes it, and the snapshot the run's session holds; `fromStart`
   * hands it the setup's platform skills as a new run does (resolved at the generation read first).
   */
  const startRun = async ({ fromStart = false } = {}) => {
    const [agent] = await server.database.db
      .insert(schema.agents)
      .values({ id: crypto.randomUUID(), name: 'live', ownerId: ann.id })
      .returning();
    const found = await loadViewerAtGeneration(server.database.db, ann.id);
    const resolved = await resolveRunSkills(context, ann, agent!);
    const setup = await loadRunCatalog(context, ann, resolved);
    let current = setup.catalog;
    const refresh = liveRunCatalog({
      projection: context,
      viewer: ann,
      agent: agent!,
      resolved,
      current: () => current,
      ...(fromStart ? { loaded: { generation: found!.generation, projected: setup.projected } } : {}),
    });
    return async () => {
      const next = await refresh(new AbortController().signal);
      const changed = next !== undefined && next !== current;
      if (next !== undefined) current = next;
      return { catalog: current, changed };
    };
  };

  it.skipIf(backend.skip)(
    'issue 28 nothing changed: every refresh keeps the snapshot; a personal skill written mid-run (no access change) appears at the next one',
    async () => {
      const refresh = await startRun();
      const first = await refresh();
      expect([ids(first.catalog), first.changed]).toEqual([['plan'], false]);
      expect((await refresh()).changed).toBe(false);
      await writePersonalSkill(server, ann.id, 'my-notes');
      const added = await refresh();
      expect([ids(added.catalog), added.changed]).toEqual([['my-notes', 'plan'], true]);
      expect((await refresh()).changed).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'issue 26/28 a share revoked between two refreshes leaves the catalog and the projection at the next one; a disabled user gets an empty catalog',
    async () => {
      await publishSharedSkill(server, 'short-share', { readScope: { kind: 'users', userIds: [ann.id] } });
      const refresh = await startRun();
      expect(ids((await refresh()).catalog)).toContain('short-share');
      // The refresh before kept its work under the access generation; the revoke moves it.
      await revokeShare('short-share');
      const revoked = await refresh();
      expect([revoked.changed, ids(revoked.catalog)]).toEqual([true, ['my-notes', 'plan']]);
      const projected = await readdir(userProjectionPaths(context.content.layout, ann.id).skillsDirectory);
      expect(projected).not.toContain('short-share');
      await setAnnDisabled(true);
      expect(ids((await refresh()).catalog)).toEqual([]);
      await setAnnDisabled(false);
      expect(ids((await refresh()).catalog)).toEqual(['my-notes', 'plan']);
    },
  );

  it.skipIf(backend.skip)(
    "issue 28 a new run keeps its setup's skills at its first refresh only while the access generation stays: a share revoked in between is gone at once",
    async () => {
      await publishSharedSkill(server, 'brief-share', { readScope: { kind: 'users', userIds: [ann.id] } });
      const unchanged = await startRun({ fromStart: true });
      const kept = await unchanged();
      expect([kept.changed, ids(kept.catalog)]).toEqual([false, ['brief-share', 'my-notes', 'plan']]);
      const refresh = await startRun({ fromStart: true });
      await revokeShare('brief-share');
      const first = await refresh();
      expect([first.changed, ids(first.catalog)]).toEqual([true, ['my-notes', 'plan']]);
    },
  );
});
