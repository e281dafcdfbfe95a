/**
 * A ModelScope skill and collection installed through the HTTP API (SPEC Y4, Y9): the remote draft
 * route reads a fake of ModelScope's API on loopback only while `allowed_hosts` lists it, and the
 * draft confirms like any other. Real database, data folder and loopback HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillText, type TestServer } from '../../core/test/install/sources/install-fixtures.js';
import { startFakeModelScope } from '../../core/test/install/sources/modelscope-fake.js';
import { createAccount, type InstallTestServer, startInstallServer } from './install/install-fixtures.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('ModelScope installs on $name', (backend) => {
  let setup: InstallTestServer;
  let modelScope: TestServer;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    modelScope = await startFakeModelScope({
      skills: {
        '@anthropics/pdf': { 'SKILL.md': skillText('pdf'), 'scripts/extract.py': 'print(1)\n' },
        '@MiniMax-AI/minimax-docx': { 'SKILL.md': skillText('minimax-docx') },
        '@MiniMax-AI/pptx-generator': { 'SKILL.md': skillText('pptx-generator') },
        '@acme/Cleanup': { 'SKILL.md': skillText('文档整理', { extra: 'slug: document-cleanup' }) },
        '@acme/WenDang': { 'SKILL.md': skillText('文档整理') },
      },
      collections: { 'MiniMax/Office': ['@MiniMax-AI/minimax-docx', '@MiniMax-AI/pptx-generator'] },
    });
    setup = await startInstallServer(await backend.openMigrated(), {
      modelScopeHosts: [new URL(modelScope.origin).host],
    });
  });
  afterAll(async () => {
    await setup?.close();
    await modelScope?.close();
  });

  it.skipIf(backend.skip)(
    'Y4 Y9 a skill page drafts only while allowed_hosts lists the host, then confirms as personal; a collection lists each member',
    async () => {
      const user = await createAccount(setup, 'modelscope-user', 'user');
      const host = new URL(modelScope.origin).host;
      const remote = (source: string) =>
        user.client.request('POST', '/api/install/drafts/remote', { json: { source } });
      const setHosts = (allowedHosts: string[]) =>
        setup.superadmin.request('PUT', '/api/admin/settings/install/allowed-hosts', {
          json: { allowedHosts },
        });

      expect((await setHosts(['github.com'])).status).toBe(200);
      const refused = await remote(`${modelScope.origin}/skills/@anthropics/pdf`);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('host_not_allowed');
      expect(modelScope.requests).toEqual([]);

      expect((await setHosts(['github.com', host])).status).toBe(200);
      const drafted = await remote(`${modelScope.origin}/skills/@anthropics/pdf`);
      expect(drafted.status).toBe(201);
      expect(drafted.body.draft.source.type).toBe('modelscope');
      expect(drafted.body.draft.skills.map((skill: { id: string }) => skill.id)).toEqual(['pdf']);
      const confirmed = await user.client.request(
        'POST',
        `/api/install/drafts/${drafted.body.draft.id}/confirm`,
        {
          json: { target: 'personal' },
        },
      );
      expect(confirmed.status).toBe(200);
      const mine = await user.client.request('GET', '/api/me/skills');
      expect(mine.body.skills.map((skill: { id: string }) => skill.id)).toEqual(['pdf']);

      const collection = await remote(`${modelScope.origin}/collections/MiniMax/Office`);
      expect(collection.status).toBe(201);
      expect(collection.body.draft.skills.map((skill: { id: string }) => skill.id).sort()).toEqual([
        'minimax-docx',
        'pptx-generator',
      ]);
      // Issue 24: a page ModelScope cannot deliver answers like a GitHub repository that cannot be
      // fetched (Y9): 502, its code, "<remote> could not be read", and where — no empty draft.
      const missing = await remote(`${modelScope.origin}/skills/@acme/missing`);
      expect(missing.status).toBe(502);
      expect(missing.body.error).toMatchObject({
        code: 'download_failed',
        details: { remote: 'ModelScope', host },
      });
      expect(missing.body.error.message).toMatch(/^ModelScope could not be read: .*answered HTTP 404/);
      expect(missing.body.draft).toBeUndefined();
      const wrongPage = await remote(`${modelScope.origin}/models/acme/thing`);
      expect(wrongPage.status).toBe(400);
      expect(wrongPage.body.error.code).toBe('unrecognized_modelscope_url');
    },
  );

  it.skipIf(backend.skip)(
    'S4 Y4 a ModelScope skill named 文档整理 drafts and confirms under its slug, else its pinyin, not its page name',
    async () => {
      const user = await createAccount(setup, 'modelscope-zh', 'user');
      const host = new URL(modelScope.origin).host;
      await setup.superadmin.request('PUT', '/api/admin/settings/install/allowed-hosts', {
        json: { allowedHosts: ['github.com', host] },
      });
      const ids: string[] = [];
      for (const page of ['@acme/Cleanup', '@acme/WenDang']) {
        const drafted = await user.client.request('POST', '/api/install/drafts/remote', {
          json: { source: `${modelScope.origin}/skills/${page}` },
        });
        expect(drafted.status).toBe(201);
        const confirmed = await user.client.request(
          'POST',
          `/api/install/drafts/${drafted.body.draft.id}/confirm`,
          { json: { target: 'personal' } },
        );
        expect(confirmed.status).toBe(200);
        ids.push(confirmed.body.installed[0].id);
      }
      expect(ids).toEqual(['document-cleanup', 'wen-dang-zheng-li']);
      const mine = await user.client.request('GET', '/api/me/skills');
      expect(mine.body.skills.map((skill: { id: string }) => skill.id).sort()).toEqual(ids);
    },
  );
});
