/**
 * SPEC Y13 over HTTP: `/.well-known/agent-skills/index.json` (v0.2, archives with sha256 digests)
 * and `/.well-known/skills/index.json` (v0.1) with their archives and files list exactly what the
 * caller may read — by token or session — and, for an anonymous caller, nothing unless the
 * superadmin opened the globally readable skills. On PGlite and PostgreSQL.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkilldockServer } from '../src/index.js';
import {
  addPerson,
  auditEntries,
  openContentApp,
  publishSharedSkill,
  skillMarkdown,
  type TestPerson,
  writeFiles,
  writePersonalSkill,
} from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import type { TestApp } from './support/test-app.js';
import { TEST_BACKENDS } from './support/test-databases.js';

function digestOf(bytes: ArrayBuffer): string {
  return `sha256:${createHash('sha256').update(Buffer.from(bytes)).digest('hex')}`;
}

describe.each(TEST_BACKENDS)('Y13 discovery endpoints on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let builtins: Awaited<ReturnType<typeof temporaryFolder>>;
  let root: TestPerson;
  let salesUser: TestPerson;
  let loner: TestPerson;
  let salesAdmin: TestPerson;
  const sales = randomUUID();

  const get = (route: string, token?: string) =>
    server.app.request(route, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  const names = async (route: string, token?: string) =>
    ((await (await get(route, token)).json()) as { skills: { name: string }[] }).skills.map(
      (skill) => skill.name,
    );

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    builtins = await temporaryFolder('y13-builtin');
    await mkdir(path.join(builtins.path, 'house-style'));
    await writeFiles(path.join(builtins.path, 'house-style'), { 'SKILL.md': skillMarkdown('house-style') });
    started = await openContentApp(await backend.openMigrated(), 'y13', builtins.path);
    server = started.server;
    const { db } = server.database;
    const { schema } = await import('../src/index.js');
    await db.insert(schema.departments).values({ id: sales, name: 'Sales' });
    root = await addPerson(server, 'root', 'superadmin');
    salesUser = await addPerson(server, 'sales-user', 'user', [sales]);
    salesAdmin = await addPerson(server, 'sales-admin', 'admin', [sales]);
    loner = await addPerson(server, 'loner', 'user');
    await publishSharedSkill(server, 'team-guide', { files: { 'references/faq.md': '# FAQ\n' } });
    await publishSharedSkill(server, 'sales-playbook', {
      readScope: { kind: 'departments', departmentIds: [sales] },
      files: { 'secret-plan.md': 'Q3 pricing\n' },
    });
    await publishSharedSkill(server, 'old-skill', { enabled: false });
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
    await builtins.remove();
  });

  it.skipIf(backend.skip)(
    'Y13 a token sees exactly the enabled skills its user may read, in both index versions',
    async () => {
      expect(await names('/.well-known/agent-skills/index.json', salesUser.token)).toEqual([
        'house-style',
        'sales-playbook',
        'team-guide',
      ]);
      expect(await names('/.well-known/skills/index.json', salesUser.token)).toEqual([
        'house-style',
        'sales-playbook',
        'team-guide',
      ]);
      expect(await names('/.well-known/agent-skills/index.json', loner.token)).toEqual([
        'house-style',
        'team-guide',
      ]);
      // The superadmin reads disabled skills in the API, but discovery installs only enabled ones.
      expect(await names('/.well-known/agent-skills/index.json', root.token)).toEqual([
        'house-style',
        'sales-playbook',
        'team-guide',
      ]);
      // A browser session works the same way as a token.
      const session = await salesUser.client.request('GET', '/.well-known/skills/index.json');
      expect(session.body.skills.map((skill: { name: string }) => skill.name)).toContain('sales-playbook');
      const unknown = await get('/.well-known/agent-skills/index.json', 'skd_not-a-real-token');
      expect(unknown.status).toBe(401);
    },
  );

  it.skipIf(backend.skip)(
    'Y13 v0.2 archives match their digests; v0.1 files are served; nothing unreadable is',
    async () => {
      const index = (await (await get('/.well-known/agent-skills/index.json', salesUser.token)).json()) as {
        $schema: string;
        skills: { name: string; type: string; url: string; digest: string }[];
      };
      expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
      for (const entry of index.skills) {
        expect(entry).toMatchObject({ type: 'archive', url: `${entry.name}.zip` });
        const archive = await get(`/.well-known/agent-skills/${entry.url}`, salesUser.token);
        expect(archive.status).toBe(200);
        expect(archive.headers.get('content-type')).toBe('application/zip');
        expect(archive.headers.get('cache-control')).toBe('private, no-store');
        expect(digestOf(await archive.arrayBuffer())).toBe(entry.digest);
      }
      const v1 = (await (await get('/.well-known/skills/index.json', salesUser.token)).json()) as {
        skills: { name: string; files: string[] }[];
      };
      expect(v1.skills.find((skill) => skill.name === 'team-guide')!.files).toEqual([
        'SKILL.md',
        'references/faq.md',
      ]);
      const faq = await get('/.well-known/skills/team-guide/references/faq.md', loner.token);
      expect([faq.status, await faq.text()]).toEqual([200, '# FAQ\n']);
      const skillMd = await get('/.well-known/skills/house-style/SKILL.md', loner.token);
      expect(skillMd.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      // Another department's skill, a disabled one, a made-up name: 404 — for the archive and the files.
      for (const route of [
        '/.well-known/agent-skills/sales-playbook.zip',
        '/.well-known/skills/sales-playbook/secret-plan.md',
        '/.well-known/agent-skills/old-skill.zip',
        '/.well-known/skills/old-skill/SKILL.md',
        '/.well-known/agent-skills/index.json.zip',
      ]) {
        const answer = await get(route, loner.token);
        expect({ route, status: answer.status }).toEqual({ route, status: 404 });
        expect(await answer.text()).not.toContain('Q3 pricing');
      }
      for (const tail of [
        '..%2F..%2Fsales-playbook%2Fsecret-plan.md',
        '%252e%252e/x',
        'a%5Cb',
        'SKILL.md%00',
      ]) {
        const answer = await get(`/.well-known/skills/team-guide/${tail}`, loner.token);
        expect({ tail, status: answer.status }).toEqual({ tail, status: 400 });
      }
    },
  );

  it.skipIf(backend.skip)(
    "Y13 Y8 a caller's own personal skills are listed to it alone, taking the place of a shared one with the same id",
    async () => {
      await writePersonalSkill(server, salesUser.id, 'my-notes', { 'notes.md': 'mine only\n' });
      await writePersonalSkill(server, salesUser.id, 'team-guide', { 'references/faq.md': '# My FAQ\n' });
      // A personal folder that is a link (to another user's skills) is left out, never followed.
      const lonerSkill = await writePersonalSkill(server, loner.id, 'loner-private', {
        'diary.md': 'private\n',
      });
      await symlink(
        lonerSkill,
        path.join(path.dirname(await writePersonalSkill(server, salesUser.id, 'x')), 'linked'),
      );
      for (const route of ['/.well-known/agent-skills/index.json', '/.well-known/skills/index.json'])
        expect(await names(route, salesUser.token)).toEqual([
          'house-style',
          'my-notes',
          'sales-playbook',
          'team-guide',
          'x',
        ]);
      expect(await names('/.well-known/skills/index.json', loner.token)).toEqual([
        'house-style',
        'loner-private',
        'team-guide',
      ]);
      // The owner gets its personal team-guide, everyone else the shared one — from the same cache.
      const mine = await get('/.well-known/skills/team-guide/references/faq.md', salesUser.token);
      expect(await mine.text()).toBe('# My FAQ\n');
      const theirs = await get('/.well-known/skills/team-guide/references/faq.md', loner.token);
      expect(await theirs.text()).toBe('# FAQ\n');
      const v2 = async (token: string) =>
        (
          (await (await get('/.well-known/agent-skills/index.json', token)).json()) as {
            skills: { name: string; digest: string }[];
          }
        ).skills.find((skill) => skill.name === 'team-guide')!.digest;
      const [ownDigest, sharedDigest] = [await v2(salesUser.token), await v2(loner.token)];
      expect(ownDigest).not.toBe(sharedDigest);
      for (const [token, digest] of [
        [salesUser.token, ownDigest],
        [loner.token, sharedDigest],
      ] as const) {
        const archive = await get('/.well-known/agent-skills/team-guide.zip', token);
        expect(digestOf(await archive.arrayBuffer())).toBe(digest);
      }
      // Another user's personal skill stays theirs.
      expect((await get('/.well-known/skills/my-notes/notes.md', loner.token)).status).toBe(404);
      expect((await get('/.well-known/agent-skills/loner-private.zip', salesUser.token)).status).toBe(404);
      expect((await get('/.well-known/skills/linked/diary.md', salesUser.token)).status).toBe(404);
    },
  );

  it.skipIf(backend.skip)(
    'Y13 anonymous callers see nothing until the superadmin opens the globally readable skills (audited)',
    async () => {
      expect(await names('/.well-known/agent-skills/index.json')).toEqual([]);
      expect(await names('/.well-known/skills/index.json')).toEqual([]);
      expect((await get('/.well-known/agent-skills/team-guide.zip')).status).toBe(404);
      expect((await get('/.well-known/skills/team-guide/SKILL.md')).status).toBe(404);
      const byAdmin = await salesAdmin.client.request('PUT', '/api/admin/discovery', {
        json: { anonymous: 'global' },
      });
      expect(byAdmin.status).toBe(403);
      const noCsrf = await root.client.request('PUT', '/api/admin/discovery', {
        json: { anonymous: 'global' },
        csrf: false,
      });
      expect(noCsrf.status).toBe(403);
      const bad = await root.client.request('PUT', '/api/admin/discovery', {
        json: { anonymous: 'everything' },
      });
      expect(bad.status).toBe(400);
      const opened = await root.client.request('PUT', '/api/admin/discovery', {
        json: { anonymous: 'global' },
      });
      expect(opened.body).toEqual({ discovery: { anonymous: 'global' } });
      expect((await root.client.request('GET', '/api/admin/discovery')).body).toEqual(opened.body);
      // Global read scope only: not the department's skill, not the disabled one.
      expect(await names('/.well-known/agent-skills/index.json')).toEqual(['house-style', 'team-guide']);
      expect(await names('/.well-known/skills/index.json')).toEqual(['house-style', 'team-guide']);
      expect((await get('/.well-known/agent-skills/team-guide.zip')).status).toBe(200);
      expect((await get('/.well-known/skills/sales-playbook/secret-plan.md')).status).toBe(404);
      const entries = await auditEntries(server, 'discovery');
      expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
        ['discovery.settings_changed', root.id],
      ]);
      expect(entries[0]!.details).toEqual({ before: { anonymous: 'none' }, after: { anonymous: 'global' } });
      await root.client.request('PUT', '/api/admin/discovery', { json: { anonymous: 'none' } });
      expect(await names('/.well-known/agent-skills/index.json')).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'Y5 builtins are read-only in the editor: tree, files and export read the shipped folder, writes are 403',
    async () => {
      const tree = await loner.client.request('GET', '/api/skills/house-style/tree');
      expect(tree.status).toBe(200);
      expect(tree.body.entries.map((entry: { path: string }) => entry.path)).toEqual(['SKILL.md']);
      const file = await loner.client.request('GET', '/api/skills/house-style/files/SKILL.md');
      expect(file.body.content).toBe(skillMarkdown('house-style'));
      expect((await loner.client.request('GET', '/api/skills/house-style/export')).status).toBe(200);
      for (const person of [root, loner]) {
        const save = await person.client.request('POST', '/api/skills/house-style/save', {
          json: { baseRevision: tree.body.revision, edits: [{ type: 'delete', path: 'SKILL.md' }] },
        });
        expect([save.status, save.body.error.code]).toEqual([403, 'forbidden']);
        const write = await person.client.request('PUT', '/api/skills/house-style/files/SKILL.md', {
          json: { content: 'x', sha256: file.body.sha256 },
        });
        expect(write.status).toBe(403);
      }
    },
  );

  it.skipIf(backend.skip)('API the discovery routes are in /openapi.json', async () => {
    const document = (await root.client.request('GET', '/openapi.json')).body;
    for (const route of [
      '/.well-known/agent-skills/index.json',
      '/.well-known/agent-skills/{file}',
      '/.well-known/skills/index.json',
      '/api/admin/discovery',
    ])
      expect(Object.keys(document.paths)).toContain(route);
  });
});
