/**
 * SPEC Y2/Y6/Y14/Y15 over HTTP: an agent's bound skill `self-<8 hex>` — created as a minimal guide
 * or imported from one upload the first time (later uploads 409, content kept), edited with the
 * editor's routes, released as `YYYYMMDD-<8 hex>` versions (Beijing date; refused when the editor's
 * base is not the saved revision), restored (current revision, integrity and dependency permissions
 * checked; no new version), versions deleted, everything removed with its agent; no other skill may
 * depend on it and it is never a candidate. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionName } from '../src/bound-skills/version-name.js';
import { schema } from '../src/index.js';
import { skillZip } from './install/install-fixtures.js';
import {
  addPerson,
  auditEntries,
  openContentApp,
  publishSharedSkill,
  storedPackages,
  type TestPerson,
} from './support/skill-content-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const VERSION_NAME = /^[0-9]{8}-[0-9a-f]{8}$/;
const folderOf = (revision: string) => revision.slice('sha256:'.length);

describe('Y6 version names', () => {
  it('Y6 a version is named by its Beijing date (UTC+8) and 8 hex digits', () => {
    expect(versionName(new Date('2026-06-01T15:59:59.999Z'), 'a1b2c3d4')).toBe('20260601-a1b2c3d4');
    expect(versionName(new Date('2026-06-01T16:00:00.000Z'), 'a1b2c3d4')).toBe('20260602-a1b2c3d4');
    expect(versionName(new Date('2026-12-31T16:30:00.000Z'), '00000000')).toBe('20270101-00000000');
    expect(versionName(new Date())).toMatch(VERSION_NAME);
    expect(versionName(new Date('2026-06-01T00:00:00Z'))).not.toBe(
      versionName(new Date('2026-06-01T00:00:00Z')),
    );
  });
});

describe.each(TEST_BACKENDS)('Y6 bound skill routes on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let owner: TestPerson;
  let other: TestPerson;
  let serial = 0;

  const newAgent = async (person: TestPerson = owner, json: Record<string, unknown> = {}) => {
    const made = await person.client.request('POST', '/api/agents', {
      json: { name: `bound agent ${++serial}`, ...json },
    });
    expect(made.status).toBe(201);
    return made.body.agent.id as string;
  };
  const boundOf = (person: TestPerson, agentId: string) =>
    person.client.request('GET', `/api/agents/${agentId}/bound-skill`);
  const readSkillFile = async (person: TestPerson, skillId: string) =>
    (await person.client.request('GET', `/api/bound-skills/${skillId}/files/SKILL.md`)).body
      .content as string;
  const save = (person: TestPerson, skillId: string, baseRevision: string, edits: unknown[]) =>
    person.client.request('POST', `/api/bound-skills/${skillId}/save`, { json: { baseRevision, edits } });
  const release = (person: TestPerson, agentId: string, baseRevision: string, note?: string) =>
    person.client.request('POST', `/api/agents/${agentId}/bound-skill/versions`, {
      json: { baseRevision, ...(note === undefined ? {} : { note }) },
    });
  const restore = (person: TestPerson, agentId: string, name: string, baseRevision: string) =>
    person.client.request('POST', `/api/agents/${agentId}/bound-skill/versions/${name}/restore`, {
      json: { baseRevision },
    });
  const versionsOf = async (person: TestPerson, agentId: string) =>
    (await person.client.request('GET', `/api/agents/${agentId}/bound-skill/versions`)).body.versions as {
      name: string;
      revision: string;
      current: boolean;
    }[];

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'y6-bound');
    server = started.server;
    owner = await addPerson(server, 'bound-owner', 'user');
    other = await addPerson(server, 'bound-other', 'user');
    await publishSharedSkill(server, 'open-helper');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)(
    'Y2 Y6 creating the minimal guide gives the agent self-<8 hex>; a second create or an upload is 409 and the content stays',
    async () => {
      const agentId = await newAgent();
      expect((await boundOf(owner, agentId)).body.error.code).toBe('bound_skill_not_found');
      const created = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`);
      expect(created.status).toBe(201);
      const skill = created.body.boundSkill;
      expect(skill.id).toMatch(/^self-[0-9a-f]{8}$/);
      expect(skill).toMatchObject({ agentId, name: skill.id, dependencies: { skills: [] } });
      expect((await owner.client.request('GET', `/api/agents/${agentId}`)).body.agent.boundSkillId).toBe(
        skill.id,
      );
      expect(await readSkillFile(owner, skill.id)).toContain(`# Working guide for bound agent ${serial}`);
      expect((await boundOf(owner, agentId)).body.boundSkill).toEqual(skill);

      const again = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`);
      expect([again.status, again.body.error.code]).toEqual([409, 'bound_skill_exists']);
      const upload = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill/import`, {
        body: await skillZip('replacement'),
        headers: { 'content-type': 'application/zip' },
      });
      expect([upload.status, upload.body.error.code]).toEqual([409, 'bound_skill_exists']);
      expect((await boundOf(owner, agentId)).body.boundSkill).toEqual(skill);
      expect(await readSkillFile(owner, skill.id)).not.toContain('replacement');
      expect((await auditEntries(server, agentId)).map((entry) => entry.action)).toEqual([
        'agent.created',
        'agent.bound_skill_created',
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'Y16 concurrent creates and imports for one agent: exactly one wins, the others are 409 and leave no package',
    async () => {
      const agentId = await newAgent();
      const before = await storedPackages(server);
      const zip = await skillZip('racer');
      const answers = await Promise.all([
        ...[1, 2, 3].map(() => owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)),
        ...[1, 2].map(() =>
          owner.client.request('POST', `/api/agents/${agentId}/bound-skill/import`, {
            body: zip,
            headers: { 'content-type': 'application/zip' },
          }),
        ),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const winner = answers.find((answer) => answer.status === 201)!.body.boundSkill;
      for (const loser of answers.filter((answer) => answer.status === 409))
        expect(loser.body.error.code).toBe('bound_skill_exists');
      const rows = await server.database.db
        .select({ id: schema.skills.id })
        .from(schema.skills)
        .where(eq(schema.skills.agentId, agentId));
      expect(rows).toEqual([{ id: winner.id }]);
      expect(await storedPackages(server)).toEqual([...before, folderOf(winner.revision)].sort());
    },
  );

  it.skipIf(backend.skip)(
    'Y15 an upload imports the bound skill the first time only: later uploads 409 and the imported content is kept',
    async () => {
      const agentId = await newAgent();
      const form = new FormData();
      form.append(
        'file',
        new Blob([await skillZip('team-notes', { 'references/faq.md': '# FAQ\n' })]),
        'n.zip',
      );
      const imported = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill/import`, {
        body: form,
      });
      expect(imported.status).toBe(201);
      const skill = imported.body.boundSkill;
      expect(skill.id).toMatch(/^self-[0-9a-f]{8}$/);
      expect(skill.name).toBe('team-notes');
      const tree = await owner.client.request('GET', `/api/bound-skills/${skill.id}/tree`);
      expect(tree.body.entries.map((entry: { path: string }) => entry.path).sort()).toEqual([
        'SKILL.md',
        'references',
        'references/faq.md',
      ]);
      for (const body of [await skillZip('second'), await skillZip('team-notes')]) {
        const later = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill/import`, {
          body,
          headers: { 'content-type': 'application/zip' },
        });
        expect([later.status, later.body.error.code]).toEqual([409, 'bound_skill_exists']);
      }
      expect((await boundOf(owner, agentId)).body.boundSkill.revision).toBe(skill.revision);
      expect((await owner.client.request('GET', `/api/bound-skills/${skill.id}/tree`)).body.revision).toBe(
        tree.body.revision,
      );
    },
  );

  it.skipIf(backend.skip)(
    'Y6 release snapshots the saved content without copying it, and is refused for a base other than the saved revision',
    async () => {
      const agentId = await newAgent();
      const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body
        .boundSkill;
      const before = await storedPackages(server);
      const released = await release(owner, agentId, skill.revision, 'first cut');
      expect(released.status).toBe(201);
      expect(released.body.version).toMatchObject({
        revision: skill.revision,
        note: 'first cut',
        createdBy: owner.id,
        current: true,
      });
      expect(released.body.version.name).toMatch(VERSION_NAME);
      expect(released.body.version.name.slice(0, 8)).toBe(versionName(new Date()).slice(0, 8));
      expect(await storedPackages(server)).toEqual(before);

      const saved = await save(owner, skill.id, skill.revision, [
        { type: 'create', path: 'notes.md', content: 'draft\n' },
      ]);
      expect(saved.status).toBe(200);
      // An editor still at the old revision (it has not seen that save, or holds unsaved edits): 409.
      const stale = await release(owner, agentId, skill.revision);
      expect([stale.status, stale.body.error.code]).toEqual([409, 'revision_conflict']);
      expect(stale.body.error.details).toEqual({
        baseRevision: skill.revision,
        currentRevision: saved.body.revision,
      });
      const second = await release(owner, agentId, saved.body.revision);
      expect(second.status).toBe(201);
      const versions = await versionsOf(owner, agentId);
      expect(versions.map((version) => [version.revision, version.current])).toEqual([
        [saved.body.revision, true],
        [skill.revision, false],
      ]);
      // The first version's package outlives the save that replaced it as current content.
      expect(await storedPackages(server)).toEqual(
        expect.arrayContaining([folderOf(skill.revision), folderOf(saved.body.revision)]),
      );
      expect((await auditEntries(server, skill.id)).map((entry) => entry.action)).toEqual([
        'bound_skill.version_released',
        'skill.saved',
        'bound_skill.version_released',
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'Y6 restore brings back every file and the dependencies, creates no version, and checks the current revision',
    async () => {
      const agentId = await newAgent();
      const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body
        .boundSkill;
      const withDependency = await save(owner, skill.id, skill.revision, [
        { type: 'create', path: 'references/a.md', content: 'A\n' },
        { type: 'dependencies', skills: ['open-helper'], tools: ['read_file'] },
      ]);
      expect(withDependency.status).toBe(200);
      const versionA = (await release(owner, agentId, withDependency.body.revision)).body.version;
      const changed = await save(owner, skill.id, withDependency.body.revision, [
        { type: 'delete', path: 'references' },
        { type: 'create', path: 'b.md', content: 'B\n' },
        { type: 'dependencies', skills: [], tools: [] },
      ]);
      expect(changed.status).toBe(200);
      expect((await boundOf(owner, agentId)).body.boundSkill.dependencies.skills).toEqual([]);

      const stale = await restore(owner, agentId, versionA.name, withDependency.body.revision);
      expect([stale.status, stale.body.error.code]).toEqual([409, 'revision_conflict']);
      const missing = await restore(owner, agentId, '20200101-00000000', changed.body.revision);
      expect([missing.status, missing.body.error.code]).toEqual([404, 'version_not_found']);

      const restored = await restore(owner, agentId, versionA.name, changed.body.revision);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({
        revision: versionA.revision,
        baseRevision: changed.body.revision,
        changed: true,
        boundSkill: {
          revision: versionA.revision,
          dependencies: { skills: ['open-helper'], tools: ['read_file'] },
        },
      });
      const tree = await owner.client.request('GET', `/api/bound-skills/${skill.id}/tree`);
      expect(tree.body.revision).toBe(versionA.revision);
      expect(tree.body.entries.map((entry: { path: string }) => entry.path).sort()).toEqual([
        'SKILL.md',
        'references',
        'references/a.md',
      ]);
      expect(await readSkillFile(owner, skill.id)).toContain('open-helper');
      expect((await versionsOf(owner, agentId)).map((version) => [version.name, version.current])).toEqual([
        [versionA.name, true],
      ]);
      // The replaced content was never released: nothing references it, so it is pruned.
      expect(await storedPackages(server)).not.toContain(folderOf(changed.body.revision));
      // Restoring the current version again changes nothing.
      const again = await restore(owner, agentId, versionA.name, versionA.revision);
      expect([again.status, again.body.changed]).toEqual([200, false]);
      const actions = (await auditEntries(server, skill.id)).map((entry) => entry.action);
      expect(actions.filter((action) => action === 'bound_skill.version_restored')).toHaveLength(1);
    },
  );

  it.skipIf(backend.skip)(
    'Y6 restore is refused when the restorer may no longer read a skill the version depends on',
    async () => {
      await publishSharedSkill(server, 'soon-private');
      const agentId = await newAgent();
      const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body
        .boundSkill;
      const dependent = await save(owner, skill.id, skill.revision, [
        { type: 'dependencies', skills: ['soon-private'] },
      ]);
      const version = (await release(owner, agentId, dependent.body.revision)).body.version;
      const plain = await save(owner, skill.id, dependent.body.revision, [
        { type: 'dependencies', skills: [] },
      ]);
      await server.database.db
        .update(schema.skills)
        .set({ readScope: 'users' })
        .where(eq(schema.skills.id, 'soon-private'));
      const refused = await restore(owner, agentId, version.name, plain.body.revision);
      expect([refused.status, refused.body.error.code]).toEqual([422, 'restore_dependency_refused']);
      expect(refused.body.error.details.skillIds).toEqual(['soon-private']);
      expect((await boundOf(owner, agentId)).body.boundSkill).toMatchObject({
        revision: plain.body.revision,
        dependencies: { skills: [] },
      });
    },
  );

  it.skipIf(backend.skip)(
    'Y6 a version can be deleted; its package goes once nothing references it',
    async () => {
      const agentId = await newAgent();
      const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body
        .boundSkill;
      const first = (await release(owner, agentId, skill.revision)).body.version;
      const saved = await save(owner, skill.id, skill.revision, [
        { type: 'create', path: 'x.md', content: 'x\n' },
      ]);
      const second = (await release(owner, agentId, saved.body.revision)).body.version;
      const third = (await release(owner, agentId, saved.body.revision)).body.version;
      expect(new Set([first.name, second.name, third.name]).size).toBe(3);

      const deleted = await owner.client.request(
        'DELETE',
        `/api/agents/${agentId}/bound-skill/versions/${second.name}`,
      );
      expect(deleted.status).toBe(204);
      // The current content and the third version still use that package.
      expect(await storedPackages(server)).toContain(folderOf(saved.body.revision));
      expect(await storedPackages(server)).toContain(folderOf(first.revision));
      const gone = await owner.client.request(
        'DELETE',
        `/api/agents/${agentId}/bound-skill/versions/${first.name}`,
      );
      expect(gone.status).toBe(204);
      expect(await storedPackages(server)).not.toContain(folderOf(first.revision));
      const twice = await owner.client.request(
        'DELETE',
        `/api/agents/${agentId}/bound-skill/versions/${first.name}`,
      );
      expect([twice.status, twice.body.error.code]).toEqual([404, 'version_not_found']);
      expect((await versionsOf(owner, agentId)).map((version) => version.name)).toEqual([third.name]);
      const deletions = (await auditEntries(server, skill.id)).filter(
        (entry) => entry.action === 'bound_skill.version_deleted',
      );
      expect(deletions.map((entry) => entry.details.version)).toEqual([second.name, first.name]);
    },
  );

  it.skipIf(backend.skip)(
    'Y2 Y6 deleting the agent removes its bound skill, every version and their packages',
    async () => {
      const agentId = await newAgent();
      const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body
        .boundSkill;
      await release(owner, agentId, skill.revision);
      const saved = await save(owner, skill.id, skill.revision, [
        { type: 'create', path: 'y.md', content: 'y\n' },
      ]);
      await release(owner, agentId, saved.body.revision);
      expect(await storedPackages(server)).toEqual(
        expect.arrayContaining([folderOf(skill.revision), folderOf(saved.body.revision)]),
      );
      expect((await owner.client.request('DELETE', `/api/agents/${agentId}`)).status).toBe(204);
      const { db } = server.database;
      expect(await db.select().from(schema.skills).where(eq(schema.skills.id, skill.id))).toEqual([]);
      expect(
        await db
          .select()
          .from(schema.boundSkillVersions)
          .where(eq(schema.boundSkillVersions.skillId, skill.id)),
      ).toEqual([]);
      const packages = await storedPackages(server);
      expect(packages).not.toContain(folderOf(skill.revision));
      expect(packages).not.toContain(folderOf(saved.body.revision));
      expect((await owner.client.request('GET', `/api/bound-skills/${skill.id}/tree`)).status).toBe(404);
      const deletedEntry = (await auditEntries(server, agentId)).find(
        (entry) => entry.action === 'agent.deleted',
      );
      expect(deletedEntry?.details).toMatchObject({ boundSkillId: skill.id, versions: 2 });
    },
  );

  it.skipIf(backend.skip)(
    'Y6 no other skill may depend on a bound skill, and it is never a candidate for dependencies or agents',
    async () => {
      const agentId = await newAgent();
      const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body
        .boundSkill;
      const root = await addPerson(server, `bound-root-${serial}`, 'superadmin');
      const sharedRevision = await publishSharedSkill(server, `depends-${serial}`);
      const refused = await root.client.request('POST', `/api/skills/depends-${serial}/save`, {
        json: { baseRevision: sharedRevision, edits: [{ type: 'dependencies', skills: [skill.id] }] },
      });
      expect([refused.status, refused.body.error.code]).toEqual([400, 'bound_skill_dependency']);
      const self = await save(owner, skill.id, skill.revision, [
        { type: 'dependencies', skills: [skill.id] },
      ]);
      expect([self.status, self.body.error.code]).toEqual([400, 'bound_skill_dependency']);
      for (const person of [owner, root]) {
        const listed = (await person.client.request('GET', '/api/skills')).body.skills as { id: string }[];
        expect(listed.map((entry) => entry.id)).not.toContain(skill.id);
        expect((await person.client.request('GET', `/api/skills/${skill.id}`)).status).toBe(404);
        expect((await person.client.request('GET', `/api/skills/${skill.id}/tree`)).status).toBe(404);
      }
      const named = await owner.client.request('POST', '/api/agents', {
        json: { name: 'borrower', skills: [skill.id], preloadSkills: [skill.id] },
      });
      expect([named.status, named.body.error.code]).toEqual([422, 'agent_skill_refused']);
      // The bound-skill routes never reach a shared skill either.
      expect((await root.client.request('GET', `/api/bound-skills/depends-${serial}/tree`)).status).toBe(404);
    },
  );

  it.skipIf(backend.skip)(
    "Y3 another user's agent's bound skill is 404 everywhere, and nothing of it changes",
    async () => {
      const agentId = await newAgent();
      const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body
        .boundSkill;
      const version = (await release(owner, agentId, skill.revision)).body.version;
      const attempts = [
        boundOf(other, agentId),
        other.client.request('GET', `/api/agents/${agentId}/bound-skill/versions`),
        other.client.request('POST', `/api/agents/${agentId}/bound-skill`),
        release(other, agentId, skill.revision),
        restore(other, agentId, version.name, skill.revision),
        other.client.request('DELETE', `/api/agents/${agentId}/bound-skill/versions/${version.name}`),
        other.client.request('GET', `/api/bound-skills/${skill.id}/tree`),
        other.client.request('GET', `/api/bound-skills/${skill.id}/files/SKILL.md`),
        other.client.request('GET', `/api/bound-skills/${skill.id}/export`),
        save(other, skill.id, skill.revision, [{ type: 'create', path: 'x.md', content: 'x' }]),
      ];
      for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(404);
      expect(await versionsOf(owner, agentId)).toHaveLength(1);
      expect((await boundOf(owner, agentId)).body.boundSkill.revision).toBe(skill.revision);
      const withoutCsrf = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill/versions`, {
        json: { baseRevision: skill.revision },
        csrf: false,
      });
      expect([withoutCsrf.status, withoutCsrf.body.error.code]).toEqual([403, 'csrf_failed']);
    },
  );
});
