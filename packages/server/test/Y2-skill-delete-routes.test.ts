/**
 * Deleting skills (SPEC Y2, Y3, Y14, Y15): a shared skill by its managers — never a builtin (see
 * Y2-Y5-builtin-skill-routes), never one another skill depends on, and the agents naming it lose it
 * in the same commit; a personal skill by its owner, whole and at once, a link removed as a link.
 * Real database, data folder and routes.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  createAccount,
  type InstallTestServer,
  packageFolders,
  skillZip,
  stagingFolders,
  startInstallServer,
  uploadForm,
} from './install/install-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

type Account = Awaited<ReturnType<typeof createAccount>>;

describe.each(TEST_BACKENDS)('deleting skills on $name', (backend) => {
  let setup: InstallTestServer;
  let admin: Account;
  let other: Account;
  let user: Account;

  async function install(
    client: TestClient,
    name: string,
    target: { target: 'personal' } | { target: 'shared'; readScope: unknown; manageScope: unknown },
  ): Promise<string> {
    const uploaded = await client.request('POST', '/api/install/drafts/upload', {
      body: uploadForm(await skillZip(name, { 'notes.md': `${name} notes\n` }), `${name}.zip`),
    });
    expect(uploaded.status).toBe(201);
    const confirmed = await client.request('POST', `/api/install/drafts/${uploaded.body.draft.id}/confirm`, {
      json: target,
    });
    expect(confirmed.status).toBe(200);
    return confirmed.body.installed[0].id;
  }
  const shareGlobally = (manager: Account) => ({
    target: 'shared' as const,
    readScope: { kind: 'global' },
    manageScope: { kind: 'users', userIds: [manager.id] },
  });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    setup = await startInstallServer(await backend.openMigrated());
    admin = await createAccount(setup, 'delete-admin', 'admin');
    other = await createAccount(setup, 'delete-other-admin', 'admin');
    user = await createAccount(setup, 'delete-user', 'user');
  });
  afterAll(async () => {
    await setup?.close();
  });

  it.skipIf(backend.skip)(
    'Y2 Y14 a manager deletes a shared skill: gone from the index, its package pruned, agents no longer name it, audited',
    async () => {
      const id = await install(admin.client, 'retired-guide', shareGlobally(admin));
      const kept = await install(admin.client, 'kept-guide', shareGlobally(admin));
      const revision: string = (await admin.client.request('GET', `/api/skills/${id}/tree`)).body.revision;
      expect(packageFolders(setup.dataDir)).toContain(revision.replace('sha256:', ''));
      const agent = await admin.client.request('POST', '/api/agents', {
        json: { name: 'uses both', skills: [id, kept], preloadSkills: [id] },
      });
      expect(agent.status).toBe(201);
      const allAgent = await admin.client.request('POST', '/api/agents', {
        json: { name: 'uses all', skills: 'all' },
      });
      expect(allAgent.status).toBe(201);

      // Readers and other admins who do not manage it may not.
      expect((await user.client.request('DELETE', `/api/skills/${id}`)).status).toBe(403);
      expect((await other.client.request('DELETE', `/api/skills/${id}`)).status).toBe(403);

      const deleted = await admin.client.request('DELETE', `/api/skills/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: id, agentsUpdated: 1 });
      expect((await admin.client.request('GET', `/api/skills/${id}`)).status).toBe(404);
      const listed = await user.client.request('GET', '/api/skills');
      expect(listed.body.skills.map((skill: { id: string }) => skill.id)).not.toContain(id);
      expect(packageFolders(setup.dataDir)).not.toContain(revision.replace('sha256:', ''));
      const after = await admin.client.request('GET', `/api/agents/${agent.body.agent.id}`);
      expect(after.body.agent.skills).toEqual([kept]);
      expect(after.body.agent.preloadSkills).toEqual([]);
      expect(
        (await admin.client.request('GET', `/api/agents/${allAgent.body.agent.id}`)).body.agent.skills,
      ).toBe('all');
      const audit = await auditEntries(setup.server, 'skill.deleted');
      expect(audit.at(-1)).toMatchObject({
        actorId: admin.id,
        targetId: id,
        details: { agentsUpdated: [agent.body.agent.id] },
      });
      // Gone is gone: a second delete is a 404, like any skill that is not there.
      expect((await admin.client.request('DELETE', `/api/skills/${id}`)).status).toBe(404);
    },
  );

  it.skipIf(backend.skip)(
    'Y3 a skill the caller cannot read is 404 (its existence is not revealed); hostile ids never reach a lookup',
    async () => {
      const hidden = await install(admin.client, 'hidden-guide', {
        target: 'shared',
        readScope: { kind: 'users', userIds: [admin.id] },
        manageScope: { kind: 'users', userIds: [admin.id] },
      });
      const answer = await user.client.request('DELETE', `/api/skills/${hidden}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
      expect((await admin.client.request('GET', `/api/skills/${hidden}`)).status).toBe(200);
      for (const bad of ['..', '%2e%2e', 'UPPER', 'a'.repeat(65), 'toString%2F..'])
        expect(
          (await admin.client.request('DELETE', `/api/skills/${bad}`)).status,
          bad,
        ).toBeGreaterThanOrEqual(400);
      expect((await admin.client.request('GET', `/api/skills/${hidden}`)).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    'Y2 a skill another skill depends on is refused with 409, naming only the dependents the caller may read',
    async () => {
      const base = await install(admin.client, 'base-guide', shareGlobally(admin));
      const readable = await install(admin.client, 'readable-dependent', shareGlobally(admin));
      const secret = await install(other.client, 'secret-dependent', {
        target: 'shared',
        readScope: { kind: 'users', userIds: [other.id] },
        manageScope: { kind: 'users', userIds: [other.id] },
      });
      for (const [client, id] of [
        [admin.client, readable],
        [other.client, secret],
      ] as const) {
        const tree = await client.request('GET', `/api/skills/${id}/tree`);
        const saved = await client.request('POST', `/api/skills/${id}/save`, {
          json: { baseRevision: tree.body.revision, edits: [{ type: 'dependencies', skills: [base] }] },
        });
        expect(saved.status).toBe(200);
      }
      const refused = await admin.client.request('DELETE', `/api/skills/${base}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('skill_has_dependents');
      expect(refused.body.error.details).toEqual({ dependents: [readable], hiddenDependents: 1 });
      expect(JSON.stringify(refused.body)).not.toContain(secret);
      expect((await admin.client.request('GET', `/api/skills/${base}`)).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)('Y2 two managers deleting at once: one 200, one 404, nothing left', async () => {
    const id = await install(admin.client, 'raced-guide', shareGlobally(admin));
    const second = new TestClient(setup.server);
    await second.login('delete-admin', 'install-user-password');
    const statuses = (
      await Promise.all([
        admin.client.request('DELETE', `/api/skills/${id}`),
        second.request('DELETE', `/api/skills/${id}`),
      ])
    )
      .map((answer) => answer.status)
      .sort();
    expect(statuses).toEqual([200, 404]);
    expect(
      (await auditEntries(setup.server, 'skill.deleted')).filter((row) => row.targetId === id),
    ).toHaveLength(1);
  });

  it.skipIf(backend.skip)(
    'Y15 a personal skill is deleted whole by its owner only; a planted link is removed as a link',
    async () => {
      const id = await install(user.client, 'my-notes', { target: 'personal' });
      await install(admin.client, 'my-notes', { target: 'personal' });
      const mine = await user.client.request('GET', '/api/me/skills');
      expect(mine.body.skills.map((skill: { id: string }) => skill.id)).toContain(id);

      const deleted = await user.client.request('DELETE', `/api/me/skills/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: id });
      expect((await user.client.request('GET', '/api/me/skills')).body.skills).toEqual([]);
      // The admin's personal skill of the same id is untouched.
      expect(
        (await admin.client.request('GET', '/api/me/skills')).body.skills.map(
          (skill: { id: string }) => skill.id,
        ),
      ).toContain(id);
      expect((await user.client.request('DELETE', `/api/me/skills/${id}`)).status).toBe(404);
      expect(stagingFolders(setup.dataDir)).toEqual([]);
      expect((await auditEntries(setup.server, 'personal_skill.deleted')).at(-1)).toMatchObject({
        actorId: user.id,
        targetId: id,
      });

      // A skill folder that is a link to somewhere else: the link goes, the target stays.
      const outside = await temporaryFolder('delete-outside');
      try {
        writeFileSync(path.join(outside.path, 'SKILL.md'), 'keep me');
        const skillsFolder = path.join(setup.dataDir, 'workspaces', user.id, 'agents', 'skills');
        mkdirSync(skillsFolder, { recursive: true });
        symlinkSync(outside.path, path.join(skillsFolder, 'planted'));
        expect((await user.client.request('DELETE', '/api/me/skills/planted')).status).toBe(200);
        expect(existsSync(path.join(skillsFolder, 'planted'))).toBe(false);
        expect(readFileSync(path.join(outside.path, 'SKILL.md'), 'utf8')).toBe('keep me');
      } finally {
        await outside.remove();
      }
      for (const bad of ['..', '%2e%2e', '..%2F..', 'a%00b'])
        expect(
          (await user.client.request('DELETE', `/api/me/skills/${bad}`)).status,
          bad,
        ).toBeGreaterThanOrEqual(400);
    },
  );
});
