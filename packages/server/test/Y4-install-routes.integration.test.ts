/**
 * SPEC Y4, P3, P6, P8 over HTTP: uploads become drafts stored in the database, drafts are shown,
 * confirmed as personal or shared skills, or cancelled; hostile uploads are refused with nothing
 * left behind; a draft is its owner's alone; drafts expire on the clock; concurrent shared
 * confirms of one id never half-write. On PGlite and PostgreSQL.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, schema, silentLogger } from '../src/index.js';
import {
  auditEntries,
  createAccount,
  draftFolders,
  draftRowIds,
  hostileUploads,
  type InstallTestServer,
  packageFolders,
  skillMarkdown,
  skillZip,
  stagingFolders,
  startInstallServer,
  uploadForm,
} from './install/install-fixtures.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

const TEN_MIB = 10 * 1024 * 1024;

describe.each(TEST_BACKENDS)('install routes on $name', (backend) => {
  let setup: InstallTestServer;
  let admin: { id: string; client: TestClient };
  let alice: { id: string; client: TestClient };
  let bob: { id: string; client: TestClient };

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    setup = await startInstallServer(await backend.openMigrated());
    admin = await createAccount(setup, 'ada', 'admin');
    alice = await createAccount(setup, 'alice', 'user');
    bob = await createAccount(setup, 'bob', 'user');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await setup.close();
  });

  async function upload(client: TestClient, bytes: Uint8Array, fileName = 'skill.zip') {
    return client.request('POST', '/api/install/drafts/upload', { body: uploadForm(bytes, fileName) });
  }

  it.skipIf(backend.skip)(
    'Y4 P6 an uploaded ZIP becomes a draft row the owner can list and show, and no one else can reach',
    async () => {
      const answer = await upload(alice.client, await skillZip('notes', { 'scripts/run.py': 'print(1)\n' }));
      expect(answer.status).toBe(201);
      const { draft } = answer.body;
      expect(draft.source).toEqual({ type: 'archive', input: 'skill.zip', lockSource: 'upload:skill.zip' });
      expect(draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['notes']);
      expect(draft.skills[0].files.map((file: { path: string }) => file.path)).toEqual([
        'SKILL.md',
        'scripts/run.py',
      ]);
      expect(Date.parse(draft.expiresAt) - Date.parse(draft.createdAt)).toBe(60 * 60 * 1000);
      expect(JSON.stringify(draft)).not.toContain(setup.dataDir);
      expect(await draftRowIds(setup.server)).toContain(draft.id);

      const shown = await alice.client.request('GET', `/api/install/drafts/${draft.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.draft).toEqual(draft);
      const listed = await alice.client.request('GET', '/api/install/drafts');
      expect(listed.body.drafts.map((entry: { id: string }) => entry.id)).toContain(draft.id);

      // Another user's draft does not exist for bob: show, confirm and cancel are all 404.
      expect((await bob.client.request('GET', `/api/install/drafts/${draft.id}`)).status).toBe(404);
      const stolen = await bob.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: { target: 'personal' },
      });
      expect(stolen.status).toBe(404);
      expect((await bob.client.request('DELETE', `/api/install/drafts/${draft.id}`)).status).toBe(404);
      expect((await bob.client.request('GET', '/api/install/drafts')).body.drafts).toEqual([]);
      expect(existsSync(path.join(setup.dataDir, 'workspaces', bob.id, 'agents/skills/notes'))).toBe(false);
      expect(draftFolders(setup.dataDir)).toContain(draft.id);
      expect((await auditEntries(setup.server, 'draft.prepared')).at(-1)).toMatchObject({
        actorId: alice.id,
        targetId: draft.id,
      });
    },
  );

  it.skipIf(backend.skip)(
    'Y4 a single SKILL.md upload and a raw application/zip body are drafts too',
    async () => {
      const single = await upload(alice.client, Buffer.from(skillMarkdown('memo')), 'SKILL.md');
      expect(single.status).toBe(201);
      expect(single.body.draft.source.type).toBe('file');
      expect(single.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['memo']);
      // Issue 24: a lone SKILL.md's folder is invented, so no message may hold it against one.
      const unnamedFolder = await upload(
        alice.client,
        Buffer.from('---\nname: pdf\n---\nbody\n'),
        'SKILL.md',
      );
      expect(unnamedFolder.status).toBe(201);
      expect(unnamedFolder.body.draft.failed).toMatchObject([
        {
          code: 'invalid_skill',
          message: "The SKILL.md is not a valid skill: required field 'description' is missing.",
        },
      ]);
      expect(JSON.stringify(unnamedFolder.body)).not.toContain('folder name');
      const raw = await alice.client.request('POST', '/api/install/drafts/upload?fileName=raw.zip', {
        body: await skillZip('rawskill'),
        headers: { 'content-type': 'application/zip' },
      });
      expect(raw.status).toBe(201);
      expect(raw.body.draft.source.input).toBe('raw.zip');
    },
  );

  it.skipIf(backend.skip)(
    'P3 an upload of 10 MiB + 1 byte is 413 and anything past the body limit too, with nothing written',
    async () => {
      const rowsBefore = await draftRowIds(setup.server);
      const bytes = Buffer.alloc(TEN_MIB + 1);
      bytes.write('PK\u0003\u0004', 'latin1');
      const multipart = await upload(alice.client, bytes, 'big.zip');
      expect(multipart.status).toBe(413);
      expect(multipart.body.error.code).toBe('archive_too_large');
      const raw = await alice.client.request('POST', '/api/install/drafts/upload', {
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(raw.status).toBe(413);
      const huge = await alice.client.request('POST', '/api/install/drafts/upload', {
        body: Buffer.alloc(TEN_MIB + 512 * 1024),
        headers: { 'content-type': 'application/zip' },
      });
      expect(huge.status).toBe(413);
      expect(huge.body.error.code).toBe('body_too_large');
      expect(await draftRowIds(setup.server)).toEqual(rowsBefore);
      expect(stagingFolders(setup.dataDir)).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'P3 hostile uploads are refused with 422 and leave no draft, no row and no package',
    async () => {
      const rowsBefore = await draftRowIds(setup.server);
      const foldersBefore = draftFolders(setup.dataDir);
      const hostile = await hostileUploads();
      for (const [label, bytes, code] of hostile) {
        const answer = await upload(alice.client, bytes, `${label}.zip`);
        expect([label, answer.status, answer.body.error?.code]).toEqual([label, 422, code]);
      }
      expect(await draftRowIds(setup.server)).toEqual(rowsBefore);
      expect(draftFolders(setup.dataDir)).toEqual(foldersBefore);
      expect(packageFolders(setup.dataDir)).toEqual([]);
      expect(stagingFolders(setup.dataDir)).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'Y15 P2 an upload holding a secret file (.env, a private key) is refused and leaves nothing',
    async () => {
      const rowsBefore = await draftRowIds(setup.server);
      const foldersBefore = draftFolders(setup.dataDir);
      const secrets: [string, Record<string, string>][] = [
        ['.env', { '.env': 'AWS_SECRET_ACCESS_KEY=abc\n' }],
        [
          'keys/id_rsa',
          { 'keys/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n' },
        ],
        ['deploy.pem', { 'deploy.pem': 'not even key-shaped\n' }],
      ];
      for (const [file, files] of secrets) {
        const answer = await upload(alice.client, await skillZip('vault', files));
        expect([file, answer.status, answer.body.error?.code]).toEqual([file, 422, 'secret_in_package']);
        expect(answer.body.error.details.files).toEqual([`vault/${file}`]);
        expect(JSON.stringify(answer.body)).not.toContain('AWS_SECRET_ACCESS_KEY');
      }
      expect(await draftRowIds(setup.server)).toEqual(rowsBefore);
      expect(draftFolders(setup.dataDir)).toEqual(foldersBefore);
      expect(stagingFolders(setup.dataDir)).toEqual([]);
      expect(existsSync(path.join(setup.dataDir, 'workspaces', alice.id, 'agents/skills/vault'))).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'wrong content types are 415, malformed JSON and bad bodies 400, a cookie write without CSRF 403',
    async () => {
      const text = await alice.client.request('POST', '/api/install/drafts/upload', {
        body: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.status).toBe(415);
      expect(text.body.error.code).toBe('invalid_request');
      const malformed = await alice.client.request('POST', '/api/install/drafts/remote', {
        body: '{"source": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toMatchObject({ code: 'invalid_request' });
      const notJson = await alice.client.request('POST', '/api/install/drafts/remote', {
        body: 'source=acme/skills',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(notJson.status).toBe(415);
      const noFile = await alice.client.request('POST', '/api/install/drafts/upload', {
        body: (() => {
          const form = new FormData();
          form.append('other', 'x');
          return form;
        })(),
      });
      expect(noFile.status).toBe(400);
      const draft = (await upload(alice.client, await skillZip('csrf'))).body.draft;
      const badTarget = await alice.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: { target: 'somewhere' },
      });
      expect(badTarget.status).toBe(400);
      expect((await alice.client.request('GET', '/api/install/drafts/not-a-uuid')).status).toBe(400);

      const noCsrf = await alice.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: { target: 'personal' },
        csrf: false,
      });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.error.code).toBe('csrf_failed');
      const uploadNoCsrf = await alice.client.request('POST', '/api/install/drafts/upload', {
        body: uploadForm(await skillZip('csrf2'), 'csrf2.zip'),
        csrf: false,
      });
      expect(uploadNoCsrf.status).toBe(403);
      expect(
        (await alice.client.request('DELETE', `/api/install/drafts/${draft.id}`, { csrf: false })).status,
      ).toBe(403);
      expect(existsSync(path.join(setup.dataDir, 'workspaces', alice.id, 'agents/skills/csrf'))).toBe(false);
      expect((await alice.client.request('GET', `/api/install/drafts/${draft.id}`)).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    'Y4 P8 a personal confirm installs into the workspace; a colliding personal id is 409 and keeps the draft',
    async () => {
      const first = (await upload(alice.client, await skillZip('planner'))).body.draft;
      const confirmed = await alice.client.request('POST', `/api/install/drafts/${first.id}/confirm`, {
        json: { target: 'personal', ids: ['planner'] },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.installed).toEqual([
        expect.objectContaining({ id: 'planner', requestedId: 'planner', kind: 'personal', name: 'planner' }),
      ]);
      const folder = path.join(setup.dataDir, 'workspaces', alice.id, 'agents/skills/planner');
      expect(readFileSync(path.join(folder, 'SKILL.md'), 'utf8')).toBe(skillMarkdown('planner'));
      expect(await draftRowIds(setup.server)).not.toContain(first.id);
      expect(draftFolders(setup.dataDir)).not.toContain(first.id);
      expect((await auditEntries(setup.server, 'personal_skill.installed')).at(-1)).toMatchObject({
        actorId: alice.id,
        targetId: 'planner',
      });
      expect(
        await setup.server.database.db
          .select()
          .from(schema.skills)
          .then((rows) => rows.map((row) => row.id)),
      ).not.toContain('planner');

      const second = (await upload(alice.client, await skillZip('planner'))).body.draft;
      const collision = await alice.client.request('POST', `/api/install/drafts/${second.id}/confirm`, {
        json: { target: 'personal' },
      });
      expect(collision.status).toBe(409);
      expect(collision.body.error.code).toBe('skill_exists');
      // It names the skill and what to do, never the server's folders.
      expect(collision.body.error.message).toContain('planner');
      expect(JSON.stringify(collision.body)).not.toContain(setup.dataDir);
      expect((await alice.client.request('GET', `/api/install/drafts/${second.id}`)).status).toBe(200);
      const missing = await alice.client.request('POST', `/api/install/drafts/${second.id}/confirm`, {
        json: { target: 'personal', ids: ['nothere'] },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('skill_not_in_draft');
      // Bob has no planner: the same kind of draft confirms for him.
      const bobs = (await upload(bob.client, await skillZip('planner'))).body.draft;
      expect(
        (
          await bob.client.request('POST', `/api/install/drafts/${bobs.id}/confirm`, {
            json: { target: 'personal' },
          })
        ).status,
      ).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    'Y4 Y3 a shared confirm is for admins, checks manage ⊆ read first, and gives a colliding id -v2',
    async () => {
      const draft = (await upload(admin.client, await skillZip('report'))).body.draft;
      const byUser = (await upload(alice.client, await skillZip('report'))).body.draft;
      const refused = await alice.client.request('POST', `/api/install/drafts/${byUser.id}/confirm`, {
        json: { target: 'shared', readScope: { kind: 'global' }, manageScope: { kind: 'global' } },
      });
      expect(refused.status).toBe(403);
      const wider = await admin.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: {
          target: 'shared',
          readScope: { kind: 'users', userIds: [alice.id] },
          manageScope: { kind: 'global' },
        },
      });
      expect(wider.status).toBe(422);
      expect(wider.body.error.code).toBe('invalid_share_scope');
      const stranger = await admin.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: {
          target: 'shared',
          readScope: { kind: 'users', userIds: ['00000000-0000-4000-8000-000000000000'] },
          manageScope: { kind: 'users', userIds: [] },
        },
      });
      expect(stranger.status).toBe(422);
      expect(packageFolders(setup.dataDir)).toEqual([]);
      expect((await admin.client.request('GET', `/api/install/drafts/${draft.id}`)).status).toBe(200);

      const shared = await admin.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: {
          target: 'shared',
          readScope: { kind: 'users', userIds: [alice.id, admin.id] },
          manageScope: { kind: 'users', userIds: [admin.id] },
        },
      });
      expect(shared.status).toBe(200);
      const [installed] = shared.body.installed;
      expect(installed).toMatchObject({ id: 'report', requestedId: 'report', kind: 'shared' });
      expect(packageFolders(setup.dataDir)).toEqual([installed.revision.replace('sha256:', '')]);
      const [row] = await setup.server.database.db
        .select()
        .from(schema.skills)
        .where((await import('drizzle-orm')).eq(schema.skills.id, 'report'));
      expect(row).toMatchObject({
        kind: 'shared',
        ownerId: admin.id,
        contentRef: installed.revision,
        readScope: 'users',
      });
      // Alice reads it, Bob does not (the scope chosen at confirm).
      const aliceSkills = await alice.client.request('GET', '/api/skills');
      expect(aliceSkills.body.skills.map((skill: { id: string }) => skill.id)).toContain('report');
      const bobSkills = await bob.client.request('GET', '/api/skills');
      expect(bobSkills.body.skills.map((skill: { id: string }) => skill.id)).not.toContain('report');
      expect((await auditEntries(setup.server, 'skill.installed')).at(-1)).toMatchObject({
        actorId: admin.id,
        targetId: 'report',
        details: expect.objectContaining({ readScope: 'users', manageScope: 'users' }),
      });

      const again = (await upload(setup.superadmin, await skillZip('report'))).body.draft;
      const collided = await setup.superadmin.request('POST', `/api/install/drafts/${again.id}/confirm`, {
        json: { target: 'shared', readScope: { kind: 'global' }, manageScope: { kind: 'global' } },
      });
      expect(collided.status).toBe(200);
      expect(collided.body.installed[0]).toMatchObject({ id: 'report-v2', requestedId: 'report' });
    },
  );

  it.skipIf(backend.skip)(
    'S4 Y4 a skill named 文档整理 installs under its slug, else its pinyin, shared and personal; a colliding shared id gets -v2',
    async () => {
      const shared = { target: 'shared', readScope: { kind: 'global' }, manageScope: { kind: 'global' } };
      const slugged = skillMarkdown('文档整理', 'slug: document-cleanup\n');
      const plain = skillMarkdown('文档整理');
      const confirmShared = async (client: TestClient, bytes: Uint8Array, fileName: string) => {
        const draft = (await upload(client, bytes, fileName)).body.draft;
        const confirmed = await client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
          json: shared,
        });
        expect(confirmed.status).toBe(200);
        return { draft, installed: confirmed.body.installed[0] };
      };
      const first = await confirmShared(
        admin.client,
        await skillZip('cleanup', { 'SKILL.md': slugged }),
        'cleanup.zip',
      );
      expect(first.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['document-cleanup']);
      expect(first.installed).toMatchObject({ id: 'document-cleanup', name: '文档整理', kind: 'shared' });
      const second = await confirmShared(admin.client, Buffer.from(plain), 'SKILL.md');
      expect(second.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['wen-dang-zheng-li']);
      expect(second.installed).toMatchObject({ id: 'wen-dang-zheng-li', name: '文档整理' });
      const third = await confirmShared(setup.superadmin, Buffer.from(plain), 'SKILL.md');
      expect(third.installed).toMatchObject({ id: 'wen-dang-zheng-li-v2', requestedId: 'wen-dang-zheng-li' });
      const ids = (await setup.server.database.db.select().from(schema.skills)).map((row) => row.id);
      expect(ids).toEqual(
        expect.arrayContaining(['document-cleanup', 'wen-dang-zheng-li', 'wen-dang-zheng-li-v2']),
      );
      expect(ids.filter((id) => id.startsWith('unnamed-skill'))).toEqual([]);

      const personal = (await upload(alice.client, Buffer.from(plain), 'SKILL.md')).body.draft;
      const mine = await alice.client.request('POST', `/api/install/drafts/${personal.id}/confirm`, {
        json: { target: 'personal' },
      });
      expect(mine.status).toBe(200);
      expect(mine.body.installed[0]).toMatchObject({
        id: 'wen-dang-zheng-li',
        kind: 'personal',
        name: '文档整理',
      });
      const folder = path.join(setup.dataDir, 'workspaces', alice.id, 'agents/skills/wen-dang-zheng-li');
      expect(readFileSync(path.join(folder, 'SKILL.md'), 'utf8')).toBe(plain);
    },
  );

  it.skipIf(backend.skip)(
    'Y2 my personal skills list shows which readable shared skill each one overrides',
    async () => {
      const draft = (await upload(alice.client, await skillZip('report'))).body.draft;
      expect(
        (
          await alice.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
            json: { target: 'personal' },
          })
        ).status,
      ).toBe(200);
      const mine = await alice.client.request('GET', '/api/me/skills');
      expect(mine.status).toBe(200);
      const byId = new Map(mine.body.skills.map((skill: { id: string }) => [skill.id, skill]));
      expect(byId.get('report')).toMatchObject({
        kind: 'personal',
        name: 'report',
        enabled: true,
        manageable: true,
        overrides: [{ id: 'report', kind: 'shared', name: 'report' }],
        problem: null,
      });
      expect(byId.get('planner')).toMatchObject({ overrides: [], problem: null });
      expect((byId.get('planner') as { revision: string }).revision).toMatch(/^sha256:[0-9a-f]{64}$/);
      // Bob cannot read the shared report, so his planner overrides nothing and he sees no report.
      const bobs = await bob.client.request('GET', '/api/me/skills');
      expect(bobs.body.skills.map((skill: { id: string }) => skill.id)).toEqual(['planner']);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 a read-only API token may list drafts but not prepare one; a read-write token may',
    async () => {
      const issue = async (access: 'read' | 'read-write') =>
        (await alice.client.request('POST', '/api/auth/tokens', { json: { name: `cli-${access}`, access } }))
          .body.token;
      const reader = new TestClient(setup.server);
      reader.bearer = await issue('read');
      expect((await reader.request('GET', '/api/install/drafts')).status).toBe(200);
      const refused = await reader.request('POST', '/api/install/drafts/upload', {
        body: uploadForm(await skillZip('viatoken'), 'viatoken.zip'),
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('token_read_only');
      const writer = new TestClient(setup.server);
      writer.bearer = await issue('read-write');
      const prepared = await writer.request('POST', '/api/install/drafts/upload', {
        body: uploadForm(await skillZip('viatoken'), 'viatoken.zip'),
      });
      expect(prepared.status).toBe(201);
      expect(
        (await alice.client.request('GET', `/api/install/drafts/${prepared.body.draft.id}`)).status,
      ).toBe(200);
      expect((await writer.request('DELETE', `/api/install/drafts/${prepared.body.draft.id}`)).status).toBe(
        200,
      );
    },
  );

  it.skipIf(backend.skip)(
    'Y4 P3 over a real socket: an upload drafts, one of 10 MiB + 1 byte is 413',
    async () => {
      const token = (
        await alice.client.request('POST', '/api/auth/tokens', {
          json: { name: 'socket', access: 'read-write' },
        })
      ).body.token;
      const { url } = await setup.server.start({ port: 0, host: '127.0.0.1' });
      const send = async (bytes: Uint8Array) =>
        fetch(`${url}/api/install/drafts/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: uploadForm(bytes, 'socket.zip'),
        });
      const drafted = await send(await skillZip('socket'));
      expect(drafted.status).toBe(201);
      expect(((await drafted.json()) as { draft: { skills: { id: string }[] } }).draft.skills[0]!.id).toBe(
        'socket',
      );
      const big = Buffer.alloc(TEN_MIB + 1);
      big.write('PK\u0003\u0004', 'latin1');
      const tooLarge = await send(big);
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('archive_too_large');
    },
  );

  it.skipIf(backend.skip)('P6 cancel removes the staged draft and its row and writes nothing', async () => {
    const draft = (await upload(alice.client, await skillZip('scratch'))).body.draft;
    const cancelled = await alice.client.request('DELETE', `/api/install/drafts/${draft.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ cancelled: true });
    expect(draftFolders(setup.dataDir)).not.toContain(draft.id);
    expect(await draftRowIds(setup.server)).not.toContain(draft.id);
    expect(existsSync(path.join(setup.dataDir, 'workspaces', alice.id, 'agents/skills/scratch'))).toBe(false);
    expect((await auditEntries(setup.server, 'draft.cancelled')).at(-1)).toMatchObject({
      targetId: draft.id,
    });
    expect((await alice.client.request('DELETE', `/api/install/drafts/${draft.id}`)).status).toBe(404);
    const late = await alice.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
      json: { target: 'personal' },
    });
    expect(late.status).toBe(404);
  });

  it.skipIf(backend.skip)(
    'P6 a draft expires after one hour on the server clock and is swept when listing',
    async () => {
      const draft = (await upload(alice.client, await skillZip('ephemeral'))).body.draft;
      setup.clock.advanceMinutes(59);
      expect((await alice.client.request('GET', `/api/install/drafts/${draft.id}`)).status).toBe(200);
      setup.clock.advanceMinutes(2);
      try {
        const listed = await alice.client.request('GET', '/api/install/drafts');
        expect(listed.body.drafts.map((entry: { id: string }) => entry.id)).not.toContain(draft.id);
        expect(await draftRowIds(setup.server)).not.toContain(draft.id);
        expect(draftFolders(setup.dataDir)).not.toContain(draft.id);
        const late = await alice.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
          json: { target: 'personal' },
        });
        expect(late.status).toBe(404);
        expect(existsSync(path.join(setup.dataDir, 'workspaces', alice.id, 'agents/skills/ephemeral'))).toBe(
          false,
        );
      } finally {
        setup.clock.advanceMinutes(-61);
      }
    },
  );

  it.skipIf(backend.skip)('P6 start-up sweeps drafts past their hour, folders and rows', async () => {
    const draft = (await upload(alice.client, await skillZip('stale'))).body.draft;
    setup.clock.advanceMinutes(61);
    try {
      // A second server on the same database and data folder, as a restart or another process.
      const restarted = await createServer({
        passwordHashCost: TEST_PASSWORD_HASH_COST,
        database: setup.server.database,
        dataDir: setup.dataDir,
        builtinDir: '/nonexistent-builtin-folder',
        logger: silentLogger,
        install: { now: setup.clock.now },
      });
      await restarted.stop();
      expect(await draftRowIds(setup.server)).not.toContain(draft.id);
      expect(draftFolders(setup.dataDir)).not.toContain(draft.id);
    } finally {
      setup.clock.advanceMinutes(-61);
    }
  });

  it.skipIf(backend.skip)(
    'Y15 my skills list shows a link planted in my skills folder as a problem, never followed',
    async () => {
      const skillsFolder = path.join(setup.dataDir, 'workspaces', alice.id, 'agents/skills');
      const elsewhere = path.join(setup.dataDir, 'outside-target');
      mkdirSync(skillsFolder, { recursive: true });
      mkdirSync(elsewhere, { recursive: true });
      writeFileSync(path.join(elsewhere, 'SKILL.md'), skillMarkdown('outside'));
      symlinkSync(elsewhere, path.join(skillsFolder, 'borrowed'));
      try {
        const mine = await alice.client.request('GET', '/api/me/skills');
        expect(mine.status).toBe(200);
        const borrowed = mine.body.skills.find((skill: { id: string }) => skill.id === 'borrowed');
        expect(borrowed).toMatchObject({
          revision: null,
          name: 'borrowed',
          problem: { code: 'symlink_refused' },
        });
        expect(JSON.stringify(mine.body)).not.toContain('outside');
      } finally {
        unlinkSync(path.join(skillsFolder, 'borrowed'));
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y4 P8 five concurrent shared confirms of one id get distinct ids, and every package has its row',
    async () => {
      const drafts = await Promise.all(
        Array.from(
          { length: 5 },
          async () => (await upload(admin.client, await skillZip('racer'))).body.draft,
        ),
      );
      const answers = await Promise.all(
        drafts.map((draft) =>
          admin.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
            json: { target: 'shared', readScope: { kind: 'global' }, manageScope: { kind: 'global' } },
          }),
        ),
      );
      const won = answers.filter((answer) => answer.status === 200);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const ids = won.map((answer) => answer.body.installed[0].id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain('racer');
      const rows = (await setup.server.database.db.select().from(schema.skills)).filter((row) =>
        row.id.startsWith('racer'),
      );
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      const referenced = new Set(
        (await setup.server.database.db.select().from(schema.skills)).map((row) =>
          row.contentRef?.replace('sha256:', ''),
        ),
      );
      for (const folder of packageFolders(setup.dataDir)) expect(referenced.has(folder)).toBe(true);
      expect(stagingFolders(setup.dataDir)).toEqual([]);
      // A draft whose confirm lost kept its draft; one that won lost it.
      for (const [index, answer] of answers.entries())
        expect((await draftRowIds(setup.server)).includes(drafts[index].id)).toBe(answer.status !== 200);
    },
  );
});
