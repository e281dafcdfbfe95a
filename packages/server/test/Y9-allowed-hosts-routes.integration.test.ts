/**
 * SPEC Y9, Y4, P5 over HTTP: the admins' install settings (allowed_hosts, the recommended list, the
 * skills directory) live in the database and are audited; remote drafts go through allowed_hosts —
 * from a real git repository (github.com pointed at a local bare repository) and a well-known index
 * served on loopback — and search asks a loopback skills directory. On PGlite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBareRepository,
  removeTemporaryDirectories,
  routes,
  startServer,
  type TestServer,
  writeSkill,
} from '../../core/test/install/sources/install-fixtures.js';
import {
  auditEntries,
  createAccount,
  draftFolders,
  draftRowIds,
  type InstallTestServer,
  OTHER_GIT_HOST,
  skillMarkdown,
  startInstallServer,
} from './install/install-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe.each(TEST_BACKENDS)('install settings and remote sources on $name', (backend) => {
  let setup: InstallTestServer;
  let admin: { id: string; client: TestClient };
  let alice: { id: string; client: TestClient };
  let site: TestServer;
  let directory: TestServer;
  let directoryAnswer: (response: ServerResponse) => void;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    setup = await startInstallServer(await backend.openMigrated());
    admin = await createAccount(setup, 'ada', 'admin');
    alice = await createAccount(setup, 'alice', 'user');
    await makeBareRepository(setup.hostRoot, 'acme/skills', async (tree) => {
      await writeSkill(path.join(tree, 'skills/pdf'));
      await writeSkill(path.join(tree, 'skills/ocr'));
    });
    await makeBareRepository(setup.hostRoot, `${OTHER_GIT_HOST}/acme/tools`, async (tree) => {
      await writeSkill(path.join(tree, 'lint'));
    });
    const note = skillMarkdown('note');
    site = await startServer(
      routes({
        '/.well-known/agent-skills/index.json': JSON.stringify({
          $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
          skills: [
            {
              name: 'note',
              description: 'Note.',
              type: 'skill-md',
              url: '/files/note.md',
              digest: digest(note),
            },
          ],
        }),
        '/files/note.md': note,
      }),
    );
    directory = await startServer((_request, response) => directoryAnswer(response));
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await site.close();
    await directory.close();
    await setup.close();
    await removeTemporaryDirectories();
  });

  async function setHosts(allowedHosts: string[], client: TestClient = setup.superadmin) {
    return client.request('PUT', '/api/admin/settings/install/allowed-hosts', { json: { allowedHosts } });
  }

  async function remote(source: string, skills?: string[]) {
    return alice.client.request('POST', '/api/install/drafts/remote', {
      json: skills === undefined ? { source } : { source, skills },
    });
  }

  it.skipIf(backend.skip)(
    'Y9 Y4 the defaults: github.com and modelscope.cn, a recommended list, skills.sh',
    async () => {
      const answer = await admin.client.request('GET', '/api/admin/settings/install');
      expect(answer.status).toBe(200);
      expect(answer.body.settings.allowedHosts).toEqual(['github.com', 'modelscope.cn']);
      expect(answer.body.settings.skillsDirectoryUrl).toBe('https://skills.sh');
      const recommended = await alice.client.request('GET', '/api/install/recommended');
      expect(recommended.status).toBe(200);
      expect(recommended.body.skills.length).toBeGreaterThan(0);
      expect(recommended.body.skills.map((skill: { source: string }) => skill.source)).toContain(
        'anthropics/skills@pdf',
      );
      expect(recommended.body).toEqual({ skills: answer.body.settings.recommended });
    },
  );

  it.skipIf(backend.skip)(
    'Y9 only admins read and change the settings; values are checked and audited',
    async () => {
      expect((await alice.client.request('GET', '/api/admin/settings/install')).status).toBe(403);
      expect((await setHosts(['example.com'], alice.client)).status).toBe(403);
      for (const bad of [['github.com/evil'], ['user@github.com'], ['a b'], ['']]) {
        const answer = await setHosts(bad);
        expect([bad, answer.status]).toEqual([bad, 400]);
      }
      const changed = await setHosts(['GitHub.com', 'github.com:443', 'gitlab.example.com']);
      expect(changed.status).toBe(200);
      expect(changed.body.settings.allowedHosts).toEqual(['github.com', 'gitlab.example.com']);
      const [entry] = (await auditEntries(setup.server, 'settings.changed')).slice(-1);
      expect(entry).toMatchObject({
        actorName: 'admin',
        targetType: 'setting',
        targetId: 'remote_skill_source_policy',
        details: { before: ['github.com', 'modelscope.cn'], after: ['github.com', 'gitlab.example.com'] },
      });
      const badUrl = await admin.client.request('PUT', '/api/admin/settings/install/skills-directory', {
        json: { baseUrl: 'http://directory.example.com' },
      });
      expect(badUrl.status).toBe(400);
      const duplicate = await admin.client.request('PUT', '/api/admin/settings/install/recommended', {
        json: {
          skills: [
            { id: 'a', name: 'A', description: '', source: 'acme/skills@pdf' },
            { id: 'a', name: 'B', description: '', source: 'acme/skills@ocr' },
          ],
        },
      });
      expect(duplicate.status).toBe(400);
    },
  );

  it.skipIf(backend.skip)(
    'Y9 P5 a GitHub repository drafts while allowed_hosts lists github.com and is refused once it does not',
    async () => {
      await setHosts(['github.com']);
      const allowed = await remote('acme/skills');
      expect(allowed.status).toBe(201);
      expect(allowed.body.draft.source).toMatchObject({ type: 'github', lockSource: 'acme/skills' });
      expect(allowed.body.draft.skills.map((skill: { id: string }) => skill.id).sort()).toEqual([
        'ocr',
        'pdf',
      ]);
      const picked = await remote('acme/skills', ['pdf']);
      expect(picked.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['pdf']);
      const confirmed = await alice.client.request(
        'POST',
        `/api/install/drafts/${picked.body.draft.id}/confirm`,
        {
          json: { target: 'personal' },
        },
      );
      expect(confirmed.status).toBe(200);

      const rows = await draftRowIds(setup.server);
      const folders = draftFolders(setup.dataDir);
      // Issue 24: a repository GitHub cannot deliver answers like a ModelScope page that cannot be
      // (Y4): 502, its code, "<remote> could not be read", and where.
      const missing = await remote('acme/no-such-repository');
      expect(missing.status).toBe(502);
      expect(missing.body.error).toMatchObject({
        code: 'git_fetch_failed',
        details: { remote: 'GitHub', host: 'github.com' },
      });
      expect(missing.body.error.message).toMatch(/^GitHub could not be read: Could not fetch /);
      await setHosts(['gitlab.example.com']);
      const refused = await remote('acme/skills');
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('host_not_allowed');
      // Issue 24: people reach the server through the web app or the API, never its command line.
      expect(refused.body.error.message).toContain(
        "an administrator can add github.com to the allowed hosts in the server's settings",
      );
      await setHosts([]);
      const disabled = await remote('https://github.com/acme/skills.git');
      expect(disabled.status).toBe(403);
      expect(disabled.body.error.code).toBe('remote_install_disabled');
      expect(disabled.body.error.message).toContain('an administrator can add github.com');
      for (const answer of [refused, disabled]) expect(answer.body.error.message).not.toMatch(/--allow/);
      for (const [source, code] of [
        ['/etc', 'source_not_remote'],
        ['~', 'source_not_remote'],
        ['git@github.com:acme/skills.git', 'unsupported_protocol'],
        ['file:///etc/passwd', 'unsupported_protocol'],
        ['https://github.com/acme/skills.git?x=1', 'url_has_query'],
        ['https://user:secret@github.com/acme/skills.git', 'url_has_credentials'],
      ]) {
        await setHosts(['github.com']);
        const answer = await remote(source!);
        expect([source, answer.status, answer.body.error.code]).toEqual([source, 403, code]);
      }
      expect(await draftRowIds(setup.server)).toEqual(rows);
      expect(draftFolders(setup.dataDir)).toEqual(folders);
    },
  );

  it.skipIf(backend.skip)(
    'S4 Y4 a GitHub repository of Chinese-named skills drafts them under their slug or pinyin, selectable by either name',
    async () => {
      await makeBareRepository(setup.hostRoot, 'acme/zh-skills', async (tree) => {
        await writeSkill(path.join(tree, 'skills/cleanup'), {
          name: '文档整理',
          extra: 'slug: document-cleanup',
        });
        await writeSkill(path.join(tree, 'skills/zh'), { name: '文档整理' });
        await writeSkill(path.join(tree, 'skills/data'), { name: '数据分析' });
      });
      await setHosts(['github.com']);
      const all = await remote('acme/zh-skills');
      expect(all.status).toBe(201);
      expect(all.body.draft.failed).toEqual([]);
      expect(
        all.body.draft.skills.map((skill: { id: string; name: string }) => [skill.id, skill.name]).sort(),
      ).toEqual([
        ['document-cleanup', '文档整理'],
        ['shu-ju-fen-xi', '数据分析'],
        ['wen-dang-zheng-li', '文档整理'],
      ]);
      const byName = await remote('acme/zh-skills', ['数据分析']);
      expect(byName.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['shu-ju-fen-xi']);
      const confirmed = await alice.client.request(
        'POST',
        `/api/install/drafts/${byName.body.draft.id}/confirm`,
        { json: { target: 'personal' } },
      );
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.installed[0]).toMatchObject({ id: 'shu-ju-fen-xi', name: '数据分析' });
    },
  );

  it.skipIf(backend.skip)('Y9 P4 any https git URL drafts while allowed_hosts lists its host', async () => {
    const url = `https://${OTHER_GIT_HOST}/acme/tools.git`;
    await setHosts(['github.com']);
    const refused = await remote(url);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('host_not_allowed');
    await setHosts(['github.com', OTHER_GIT_HOST]);
    const allowed = await remote(url);
    expect(allowed.status).toBe(201);
    expect(allowed.body.draft.source.type).toBe('git');
    expect(allowed.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['lint']);
  });

  it.skipIf(backend.skip)(
    'Y9 P4 a well-known index on loopback drafts only while allowed_hosts lists its host:port',
    async () => {
      const host = new URL(site.origin).host;
      await setHosts(['github.com']);
      const refused = await remote(site.origin);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('host_not_allowed');
      await setHosts(['github.com', host]);
      const allowed = await remote(site.origin);
      expect(allowed.status).toBe(201);
      expect(allowed.body.draft.source.type).toBe('well-known');
      expect(allowed.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['note']);
      expect(site.requests).toContain('/.well-known/agent-skills/index.json');
    },
  );

  it.skipIf(backend.skip)('Y4 an entry of the recommended list drafts through allowed_hosts', async () => {
    const set = await admin.client.request('PUT', '/api/admin/settings/install/recommended', {
      json: { skills: [{ id: 'ocr', name: 'OCR', description: 'Reads scans.', source: 'acme/skills@ocr' }] },
    });
    expect(set.status).toBe(200);
    expect((await alice.client.request('GET', '/api/install/recommended')).body.skills).toEqual([
      { id: 'ocr', name: 'OCR', description: 'Reads scans.', source: 'acme/skills@ocr' },
    ]);
    await setHosts(['github.com']);
    const drafted = await alice.client.request('POST', '/api/install/drafts/recommended', {
      json: { id: 'ocr' },
    });
    expect(drafted.status).toBe(201);
    expect(drafted.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['ocr']);
    const unknown = await alice.client.request('POST', '/api/install/drafts/recommended', {
      json: { id: 'pdf' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('recommended_skill_not_found');
    await setHosts([]);
    const blocked = await alice.client.request('POST', '/api/install/drafts/recommended', {
      json: { id: 'ocr' },
    });
    expect(blocked.status).toBe(403);
  });

  it.skipIf(backend.skip)(
    'Y4 search asks the configured skills directory and hands back sources for the remote flow',
    async () => {
      const set = await admin.client.request('PUT', '/api/admin/settings/install/skills-directory', {
        json: { baseUrl: `${directory.origin}/` },
      });
      expect(set.status).toBe(200);
      expect(set.body.settings.skillsDirectoryUrl).toBe(directory.origin);
      directoryAnswer = (response) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            skills: [
              { id: 'acme/skills/ocr', name: 'ocr', installs: 5, source: 'acme/skills' },
              { id: 'acme/skills/pdf', name: 'pdf', installs: 50, source: 'acme/skills' },
              { id: 'bad', name: 'evil\u001b[2J', installs: 1, source: 'x/y' },
              { name: 'no id' },
            ],
          }),
        );
      const found = await alice.client.request('GET', '/api/install/search?q=pdf%20tools&limit=5');
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        directory: directory.origin,
        results: [
          {
            id: 'acme/skills/pdf',
            name: 'pdf',
            source: 'acme/skills',
            installs: 50,
            installSource: 'acme/skills@pdf',
          },
          {
            id: 'acme/skills/ocr',
            name: 'ocr',
            source: 'acme/skills',
            installs: 5,
            installSource: 'acme/skills@ocr',
          },
        ],
      });
      expect(directory.requests.at(-1)).toBe('/api/search?q=pdf+tools&limit=5');
      await setHosts(['github.com']);
      const drafted = await remote(found.body.results[0].installSource);
      expect(drafted.status).toBe(201);
      expect(drafted.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['pdf']);

      expect((await alice.client.request('GET', '/api/install/search?q=a')).status).toBe(400);
      directoryAnswer = (response) => response.writeHead(500).end('down');
      const down = await alice.client.request('GET', '/api/install/search?q=pdf');
      expect(down.status).toBe(502);
      expect(down.body.error.code).toBe('skills_directory_failed');
      directoryAnswer = (response) => response.writeHead(200).end('not json');
      expect((await alice.client.request('GET', '/api/install/search?q=pdf')).status).toBe(502);
      directoryAnswer = (response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      expect((await alice.client.request('GET', '/api/install/search?q=pdf')).status).toBe(502);
      // An answer past the 1 MiB bound is cut off, not buffered: 502 saying so.
      directoryAnswer = (response) =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`{"skills":["${'x'.repeat(1024 * 1024)}"]}`);
      const huge = await alice.client.request('GET', '/api/install/search?q=pdf');
      expect(huge.status).toBe(502);
      expect(huge.body.error).toMatchObject({ code: 'skills_directory_failed' });
      expect(huge.body.error.message).toMatch(/more than 1048576 bytes/);
      // Issue 24: a directory nobody answers at is a typed failure too, never a bare 502.
      const closed = await admin.client.request('PUT', '/api/admin/settings/install/skills-directory', {
        json: { baseUrl: 'http://127.0.0.1:9' },
      });
      expect(closed.status).toBe(200);
      const unreachable = await alice.client.request('GET', '/api/install/search?q=pdf');
      expect(unreachable.status).toBe(502);
      expect(unreachable.body.error).toEqual({
        code: 'skills_directory_failed',
        message: 'The skills directory could not be reached.',
        details: {},
      });

      await admin.client.request('PUT', '/api/admin/settings/install/skills-directory', {
        json: { baseUrl: null },
      });
      const off = await alice.client.request('GET', '/api/install/search?q=pdf');
      expect(off.status).toBe(409);
      expect(off.body.error.code).toBe('skills_directory_disabled');
    },
  );
});
