/**
 * SPEC Y3/Y14 over HTTP: `GET|PUT /api/skills/{id}/share` — managers only, manage ⊆ read, saved
 * apart from enable/disable, nobody widens its own access, every change audited with the scopes
 * before and after. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/index.js';
import { loadSkillAccess } from '../src/testing.js';
import {
  addPerson,
  auditEntries,
  openContentApp,
  publishSharedSkill,
  type TestPerson,
} from './support/skill-content-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('Y3 share config routes on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let root: TestPerson;
  let owner: TestPerson;
  let coManager: TestPerson;
  let readingAdmin: TestPerson;
  let outsideAdmin: TestPerson;
  let reader: TestPerson;
  const sales = randomUUID();
  const support = randomUUID();
  let serial = 0;

  /** A skill owned by `owner`: read by sales, managed by `coManager` (read by users, so same kind). */
  async function skill() {
    const id = `shared-${++serial}`;
    await publishSharedSkill(server, id, {
      ownerId: owner.id,
      readScope: { kind: 'users', userIds: [coManager.id, readingAdmin.id, reader.id] },
      manageScope: { kind: 'users', userIds: [coManager.id] },
    });
    return id;
  }

  const share = (person: TestPerson, id: string, json: unknown, csrf = true) =>
    person.client.request('PUT', `/api/skills/${id}/share`, { json, csrf });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'y3-share');
    server = started.server;
    await server.database.db.insert(schema.departments).values([
      { id: sales, name: 'Sales' },
      { id: support, name: 'Support' },
    ]);
    root = await addPerson(server, 'root', 'superadmin');
    owner = await addPerson(server, 'owner', 'admin', [sales]);
    coManager = await addPerson(server, 'co-manager', 'admin', [sales]);
    readingAdmin = await addPerson(server, 'reading-admin', 'admin', [sales]);
    outsideAdmin = await addPerson(server, 'outside-admin', 'admin', [support]);
    reader = await addPerson(server, 'reader', 'user', [sales]);
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)(
    'Y3 a manager reads and replaces the scopes; the change is audited and leaves enabled and content alone',
    async () => {
      const id = await skill();
      const [before] = await server.database.db.select().from(schema.skills).where(eq(schema.skills.id, id));
      const read = await coManager.client.request('GET', `/api/skills/${id}/share`);
      expect(read.status).toBe(200);
      expect(read.body.share).toEqual({
        readScope: { kind: 'users', userIds: [coManager.id, readingAdmin.id, reader.id].sort() },
        manageScope: { kind: 'users', userIds: [coManager.id] },
      });
      const next = {
        readScope: { kind: 'departments', departmentIds: [sales, support] },
        manageScope: { kind: 'departments', departmentIds: [support] },
      };
      const saved = await share(coManager, id, next);
      expect(saved.status).toBe(200);
      expect(saved.body.share).toEqual({
        readScope: { kind: 'departments', departmentIds: [sales, support].sort() },
        manageScope: { kind: 'departments', departmentIds: [support] },
      });
      const [after] = await server.database.db.select().from(schema.skills).where(eq(schema.skills.id, id));
      expect({ enabled: after!.enabled, contentRef: after!.contentRef }).toEqual({
        enabled: before!.enabled,
        contentRef: before!.contentRef,
      });
      const entries = await auditEntries(server, id);
      expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
        ['skill.share_changed', coManager.id],
      ]);
      expect(entries[0]!.details).toMatchObject({ before: read.body.share, after: next });
      // Enable/disable is its own route and leaves the scopes as they are.
      expect(
        (await coManager.client.request('PUT', `/api/skills/${id}/enabled`, { json: { enabled: false } }))
          .status,
      ).toBe(
        // The co-manager (Sales) still reads it but left the manage scope with this change: 403.
        403,
      );
      expect(
        (await owner.client.request('PUT', `/api/skills/${id}/enabled`, { json: { enabled: false } })).status,
      ).toBe(200);
      expect((await owner.client.request('GET', `/api/skills/${id}/share`)).body.share).toEqual(
        saved.body.share,
      );
      // outside-admin (Support) now manages it: the read and manage scopes both name its department.
      expect((await outsideAdmin.client.request('GET', `/api/skills/${id}/share`)).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    'Y3 nobody widens its own access: readers 403, admins outside the scopes 404, builtins 403, nothing changed',
    async () => {
      const id = await skill();
      const selfGrant = (person: TestPerson) => ({
        readScope: { kind: 'global' },
        manageScope: { kind: 'users', userIds: [person.id] },
      });
      const answers = [
        await share(reader, id, selfGrant(reader)),
        await share(readingAdmin, id, selfGrant(readingAdmin)),
        await share(outsideAdmin, id, selfGrant(outsideAdmin)),
        await reader.client.request('GET', `/api/skills/${id}/share`),
        await outsideAdmin.client.request('GET', `/api/skills/${id}/share`),
      ];
      expect(answers.map((answer) => [answer.status, answer.body.error.code])).toEqual([
        [403, 'forbidden'],
        [403, 'forbidden'],
        [404, 'not_found'],
        [403, 'forbidden'],
        [404, 'not_found'],
      ]);
      await server.database.db.insert(schema.skills).values({
        id: `builtin-${serial}`,
        kind: 'builtin',
        name: 'builtin',
        description: 'A builtin.',
      });
      const builtin = await share(root, `builtin-${serial}`, {
        readScope: { kind: 'global' },
        manageScope: { kind: 'global' },
      });
      expect([builtin.status, builtin.body.error.code]).toEqual([403, 'forbidden']);
      const access = await loadSkillAccess(server.database.db, id);
      expect(access!.manageScope).toEqual({ kind: 'users', userIds: [coManager.id] });
      expect(access!.readScope.kind).toBe('users');
      expect(await auditEntries(server, id)).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'Y3 manage ⊆ read, known members only, valid bodies and CSRF — else 422/400/403 with nothing changed',
    async () => {
      const id = await skill();
      const refused = [
        await share(owner, id, {
          readScope: { kind: 'users', userIds: [reader.id] },
          manageScope: { kind: 'global' },
        }),
        await share(owner, id, {
          readScope: { kind: 'departments', departmentIds: [sales] },
          manageScope: { kind: 'departments', departmentIds: [support] },
        }),
        await share(owner, id, {
          readScope: { kind: 'users', userIds: [randomUUID()] },
          manageScope: { kind: 'users', userIds: [] },
        }),
        await share(owner, id, {
          readScope: { kind: 'global' },
          manageScope: { kind: 'departments', departmentIds: [randomUUID()] },
        }),
        await share(owner, id, { readScope: { kind: 'everyone' }, manageScope: { kind: 'global' } }),
        await share(owner, id, {
          readScope: { kind: 'users', userIds: ["' or 1=1 --"] },
          manageScope: { kind: 'users', userIds: [] },
        }),
        await share(owner, id, {
          readScope: { kind: 'global' },
          manageScope: { kind: 'global' },
          ownerId: outsideAdmin.id,
        }),
        await share(owner, id, { readScope: { kind: 'global' }, manageScope: { kind: 'global' } }, false),
      ];
      expect(refused.map((answer) => [answer.status, answer.body.error.code])).toEqual([
        [422, 'invalid_share_scope'],
        [422, 'invalid_share_scope'],
        [422, 'invalid_share_scope'],
        [422, 'invalid_share_scope'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [403, 'csrf_failed'],
      ]);
      expect(await auditEntries(server, id)).toEqual([]);
      // The superadmin manages every shared skill; the owner keeps managing after narrowing the scopes to nobody.
      expect(
        (
          await share(root, id, {
            readScope: { kind: 'users', userIds: [] },
            manageScope: { kind: 'users', userIds: [] },
          })
        ).status,
      ).toBe(200);
      expect((await owner.client.request('GET', `/api/skills/${id}/share`)).status).toBe(200);
      expect((await reader.client.request('GET', `/api/skills/${id}`)).status).toBe(404);
      expect((await auditEntries(server, id)).map((entry) => entry.actorId)).toEqual([root.id]);
    },
  );

  it.skipIf(backend.skip)('API the share routes are in /openapi.json', async () => {
    const document = (await owner.client.request('GET', '/openapi.json')).body;
    expect(Object.keys(document.paths['/api/skills/{id}/share'])).toEqual(['get', 'put']);
  });
});
