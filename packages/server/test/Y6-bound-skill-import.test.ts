import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawZip, yazlZip } from '../../core/test/package/package-test-helpers.js';
import { schema } from '../src/index.js';
import {
  draftFolders,
  hostileUploads,
  packageFolders,
  skillZip,
  stagingFolders,
} from './install/install-fixtures.js';
import {
  addPerson,
  openContentApp,
  sha256,
  skillMarkdown,
  type TestPerson,
} from './support/skill-content-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const TEN_MIB = 10 * 1024 * 1024;

describe.each(TEST_BACKENDS)('Y6 bound skill import on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let owner: TestPerson;
  let agentId: string;

  const importZip = (bytes: Uint8Array, fileName = 'upload.zip') =>
    owner.client.request('POST', `/api/agents/${agentId}/bound-skill/import?fileName=${fileName}`, {
      body: bytes,
      headers: { 'content-type': 'application/zip' },
    });
  /** Nothing of a refused import is anywhere: no bound skill, no row, no package, no draft, no work folder. */
  const expectNothingLeft = async () => {
    const bound = await owner.client.request('GET', `/api/agents/${agentId}/bound-skill`);
    expect([bound.status, bound.body.error.code]).toEqual([404, 'bound_skill_not_found']);
    const rows = await server.database.db.select({ id: schema.skills.id }).from(schema.skills);
    expect(rows).toEqual([]);
    expect(packageFolders(server.dataDir)).toEqual([]);
    expect(draftFolders(server.dataDir)).toEqual([]);
    expect(stagingFolders(server.dataDir)).toEqual([]);
  };

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'y6-import');
    server = started.server;
    owner = await addPerson(server, 'import-owner', 'user');
    agentId = (await owner.client.request('POST', '/api/agents', { json: { name: 'importer' } })).body.agent
      .id as string;
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)('P3 hostile archives are refused with 422 and leave nothing', async () => {
    const hostile = await hostileUploads();
    for (const [label, bytes, code] of hostile) {
      const answer = await importZip(bytes, `${label.replace(' ', '-')}.zip`);
      expect([label, answer.status, answer.body.error?.code]).toEqual([label, 422, code]);
    }
    await expectNothingLeft();
  });

  it.skipIf(backend.skip)(
    'Y15 P2 an import holding a secret file is refused and leaves nothing',
    async () => {
      for (const files of [
        { '.env': 'AWS_SECRET_ACCESS_KEY=abc\n' },
        { 'keys/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n' },
      ]) {
        const answer = await importZip(await skillZip('vault', files));
        expect([answer.status, answer.body.error.code]).toEqual([422, 'secret_in_package']);
        expect(JSON.stringify(answer.body)).not.toContain('AWS_SECRET_ACCESS_KEY');
      }
      await expectNothingLeft();
    },
  );

  it.skipIf(backend.skip)('P3 an oversized import is 413 before a byte is staged', async () => {
    const bytes = Buffer.alloc(TEN_MIB + 1);
    bytes.write('PK\u0003\u0004', 'latin1');
    const answer = await importZip(bytes);
    expect([answer.status, answer.body.error.code]).toEqual([413, 'archive_too_large']);
    const huge = await importZip(Buffer.alloc(TEN_MIB + 512 * 1024));
    expect([huge.status, huge.body.error.code]).toEqual([413, 'body_too_large']);
    await expectNothingLeft();
  });

  it.skipIf(backend.skip)(
    'Y6 an import of two skills, an invalid SKILL.md, or a dependency on a bound skill is refused and leaves nothing',
    async () => {
      const roots = await importZip(
        await yazlZip({ 'one/SKILL.md': skillMarkdown('one'), 'two/SKILL.md': skillMarkdown('two') }),
      );
      expect([roots.status, roots.body.error.code]).toEqual([422, 'multiple_root_skills']);
      // Core's archive import finds one skill or refuses (P3); the route refuses anything else too.
      const beside = await importZip(
        await yazlZip({ 'one/SKILL.md': skillMarkdown('one'), 'stray.txt': 'x' }),
      );
      expect([beside.status, beside.body.error.code]).toEqual([422, 'no_skill_file']);
      const leaning = await importZip(
        await yazlZip({
          'leaning/SKILL.md': skillMarkdown('leaning', 'skill_dependencies: [self-0a1b2c3d]\n'),
        }),
      );
      expect([leaning.status, leaning.body.error.code]).toEqual([422, 'bound_skill_dependency']);
      const broken = await importZip(
        await yazlZip({ 'broken/SKILL.md': '---\nname: broken\n---\nno description\n' }),
      );
      expect([broken.status, broken.body.error.code]).toEqual([422, 'bound_skill_import_invalid']);
      expect(broken.body.error.details.failed).toEqual([
        expect.objectContaining({
          code: expect.any(String),
          message: expect.stringContaining('description'),
        }),
      ]);
      await expectNothingLeft();
    },
  );

  it.skipIf(backend.skip)(
    'Y6 an install upload depending on a bound skill is refused, and a shared install never takes a self-<8 hex> id',
    async () => {
      const leaning = await owner.client.request('POST', '/api/install/drafts/upload?fileName=l.zip', {
        body: await yazlZip({
          'leaning/SKILL.md': skillMarkdown('leaning', 'skill_dependencies: [self-0a1b2c3d]\n'),
        }),
        headers: { 'content-type': 'application/zip' },
      });
      expect([leaning.status, leaning.body.error.code]).toEqual([422, 'bound_skill_dependency']);
      await expectNothingLeft();

      const admin = await addPerson(server, 'import-admin', 'admin');
      const drafted = await admin.client.request('POST', '/api/install/drafts/upload?fileName=s.zip', {
        body: await skillZip('self-0a1b2c3d'),
        headers: { 'content-type': 'application/zip' },
      });
      expect(drafted.status).toBe(201);
      const confirmed = await admin.client.request(
        'POST',
        `/api/install/drafts/${drafted.body.draft.id}/confirm`,
        {
          json: {
            target: 'shared',
            readScope: { kind: 'global' },
            manageScope: { kind: 'users', userIds: [] },
          },
        },
      );
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.installed[0]).toMatchObject({
        id: 'self-0a1b2c3d-v2',
        requestedId: 'self-0a1b2c3d',
      });
      await server.database.db.delete(schema.skills);
      await server.database.db.delete(schema.drafts);
    },
  );

  it.skipIf(backend.skip)(
    'S4 Y6 a skill named 文档整理 (with or without a slug) imports as the bound skill, keeping its display name',
    async () => {
      for (const [label, extra] of [
        ['slug', 'slug: document-cleanup\n'],
        ['pinyin', ''],
      ] as const) {
        const agent = (await owner.client.request('POST', '/api/agents', { json: { name: `zh-${label}` } }))
          .body.agent.id as string;
        const text = skillMarkdown('文档整理', extra);
        const imported = await owner.client.request(
          'POST',
          `/api/agents/${agent}/bound-skill/import?fileName=zh.zip`,
          {
            body: await skillZip('zh', { 'SKILL.md': text }),
            headers: { 'content-type': 'application/zip' },
          },
        );
        expect([label, imported.status]).toEqual([label, 201]);
        expect(imported.body.boundSkill.id).toMatch(/^self-[0-9a-f]{8}$/);
        expect(imported.body.boundSkill.name).toBe('文档整理');
        const file = await owner.client.request(
          'GET',
          `/api/bound-skills/${imported.body.boundSkill.id}/files/SKILL.md`,
        );
        expect(file.body.content).toBe(text);
      }
      expect(draftFolders(server.dataDir)).toEqual([]);
      expect(stagingFolders(server.dataDir)).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'SEC1 the bound skill editor refuses path tricks and a hostile import after the first is a 409 that keeps it',
    async () => {
      const imported = await importZip(await skillZip('kept', { 'notes.md': 'first notes\n' }));
      expect(imported.status).toBe(201);
      const { id, revision } = imported.body.boundSkill;
      const base = `/api/bound-skills/${id}/files/`;
      for (const tail of [
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '%252e%252e/SKILL.md',
        '..%5C..%5CSKILL.md',
        'notes.md%00.txt',
        '%2Fetc%2Fpasswd',
      ]) {
        const read = await owner.client.request('GET', `${base}${tail}`);
        // A NUL is refused before any route by the request-text check, naming the path (SEC11).
        const code = tail.includes('%00') ? 'invalid_request' : 'unsafe_file_path';
        expect([tail, read.status, read.body.error.code]).toEqual([tail, 400, code]);
        expect(JSON.stringify(read.body)).not.toContain(server.dataDir);
        const write = await owner.client.request('PUT', `${base}${tail}`, {
          json: { content: 'pwned', sha256: sha256('first notes\n') },
        });
        expect([tail, write.status]).toEqual([tail, 400]);
      }
      for (const bad of ['../escape.md', '/abs.md', 'a\\b.md', 'a/../../b.md', '%2e%2e/x.md']) {
        const saved = await owner.client.request('POST', `/api/bound-skills/${id}/save`, {
          json: { baseRevision: revision, edits: [{ type: 'create', path: bad, content: 'pwned' }] },
        });
        expect([bad, saved.status, saved.body.error.code]).toEqual([bad, 400, 'unsafe_file_path']);
      }
      for (const notBound of ['..', 'self-0a1b2c3d', 'SELF-0A1B2C3D', 'self-0a1b2c3', 'kept'])
        expect((await owner.client.request('GET', `/api/bound-skills/${notBound}/tree`)).status).toBeOneOf([
          400, 404,
        ]);
      const later = await importZip(
        rawZip([{ name: '../evil/SKILL.md', data: Buffer.from(skillMarkdown('x')) }]),
      );
      expect([later.status, later.body.error.code]).toEqual([409, 'bound_skill_exists']);
      const now = await owner.client.request('GET', `/api/agents/${agentId}/bound-skill`);
      expect(now.body.boundSkill.revision).toBe(revision);
      expect((await owner.client.request('GET', `${base}notes.md`)).body.content).toBe('first notes\n');
      expect(draftFolders(server.dataDir)).toEqual([]);
      expect(stagingFolders(server.dataDir)).toEqual([]);
    },
  );
});
