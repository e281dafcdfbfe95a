/**
 * Issue 12 §2 for the install flows: two server instances on one PostgreSQL database and one data
 * folder behave as one — a session from one is good on the other, a draft prepared on one is shown,
 * confirmed or cancelled on the other, the settings one writes the other reads, and concurrent
 * shared confirms split across both never half-write. (The spawned-process tests live in
 * packages/cli/test; these are in process for speed.)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema } from '../src/index.js';
import {
  createAccount,
  draftFolders,
  draftRowIds,
  type InstallTestServer,
  packageFolders,
  skillZip,
  stagingFolders,
  startInstallServer,
  uploadForm,
} from './install/install-fixtures.js';
import { TestClient } from './support/test-client.js';
import { createThrowawayPostgres, POSTGRES_ADMIN_URL, POSTGRES_AVAILABLE } from './support/test-databases.js';

const skip = POSTGRES_AVAILABLE ? undefined : `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable`;

describe('install flows across two instances on one PostgreSQL', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let first: InstallTestServer;
  let second: InstallTestServer;
  let admin: { id: string; client: TestClient };
  /** The admin's session, used on the second instance. */
  let adminOnSecond: TestClient;

  beforeAll(async () => {
    if (skip !== undefined) return;
    throwaway = await createThrowawayPostgres();
    const [one, two] = await Promise.all([
      openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 5 }),
      openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 5 }),
    ]);
    first = await startInstallServer(one);
    second = await startInstallServer(two, {
      dataDir: first.dataDir,
      hostRoot: first.hostRoot,
      clock: first.clock,
    });
    admin = await createAccount(first, 'ada', 'admin');
    adminOnSecond = new TestClient(second.server);
    adminOnSecond.cookie = admin.client.cookie;
    adminOnSecond.csrfToken = admin.client.csrfToken;
  });
  afterAll(async () => {
    if (skip !== undefined) return;
    await second.close();
    await first.close();
    await throwaway.drop();
  });

  it.skipIf(skip)('Y16 a draft prepared on one instance is shown and confirmed on the other', async () => {
    const prepared = await admin.client.request('POST', '/api/install/drafts/upload', {
      body: uploadForm(await skillZip('handoff', { 'notes.md': '# notes\n' }), 'handoff.zip'),
    });
    expect(prepared.status).toBe(201);
    const { draft } = prepared.body;
    const shown = await adminOnSecond.request('GET', `/api/install/drafts/${draft.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.draft).toEqual(draft);
    const confirmed = await adminOnSecond.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
      json: { target: 'shared', readScope: { kind: 'global' }, manageScope: { kind: 'global' } },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.installed[0]).toMatchObject({ id: 'handoff', kind: 'shared' });
    // The first instance sees the skill, and the draft is gone for both.
    const listed = await admin.client.request('GET', '/api/skills');
    expect(listed.body.skills.map((skill: { id: string }) => skill.id)).toContain('handoff');
    expect((await admin.client.request('GET', `/api/install/drafts/${draft.id}`)).status).toBe(404);
    expect(draftFolders(first.dataDir)).not.toContain(draft.id);

    const personal = (
      await admin.client.request('POST', '/api/install/drafts/upload', {
        body: uploadForm(await skillZip('mine'), 'mine.zip'),
      })
    ).body.draft;
    const mine = await adminOnSecond.request('POST', `/api/install/drafts/${personal.id}/confirm`, {
      json: { target: 'personal' },
    });
    expect(mine.status).toBe(200);
    const listedMine = await admin.client.request('GET', '/api/me/skills');
    expect(listedMine.body.skills.map((skill: { id: string }) => skill.id)).toEqual(['mine']);
    expect(existsSync(path.join(first.dataDir, 'workspaces', admin.id, 'agents/skills/mine/SKILL.md'))).toBe(
      true,
    );
  });

  it.skipIf(skip)(
    'Y16 a cancel on one instance and a settings change on the other are seen by both',
    async () => {
      const draft = (
        await admin.client.request('POST', '/api/install/drafts/upload', {
          body: uploadForm(await skillZip('dropme'), 'dropme.zip'),
        })
      ).body.draft;
      expect((await adminOnSecond.request('DELETE', `/api/install/drafts/${draft.id}`)).status).toBe(200);
      expect((await admin.client.request('GET', `/api/install/drafts/${draft.id}`)).status).toBe(404);
      const changed = await adminOnSecond.request('PUT', '/api/admin/settings/install/allowed-hosts', {
        json: { allowedHosts: ['example.org'] },
      });
      expect(changed.status).toBe(200);
      const read = await admin.client.request('GET', '/api/admin/settings/install');
      expect(read.body.settings.allowedHosts).toEqual(['example.org']);
    },
  );

  it.skipIf(skip)(
    'Y4 P8 six concurrent shared confirms of one id split across both instances get distinct ids',
    async () => {
      const drafts = await Promise.all(
        Array.from(
          { length: 6 },
          async () =>
            (
              await admin.client.request('POST', '/api/install/drafts/upload', {
                body: uploadForm(await skillZip('split'), 'split.zip'),
              })
            ).body.draft,
        ),
      );
      const answers = await Promise.all(
        drafts.map((draft, index) =>
          (index % 2 === 0 ? admin.client : adminOnSecond).request(
            'POST',
            `/api/install/drafts/${draft.id}/confirm`,
            {
              json: { target: 'shared', readScope: { kind: 'global' }, manageScope: { kind: 'global' } },
            },
          ),
        ),
      );
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const ids = answers
        .filter((answer) => answer.status === 200)
        .map((answer) => answer.body.installed[0].id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(0);
      const db = first.server.database.db;
      const rows = (await db.select().from(schema.skills)).filter((row) => row.id.startsWith('split'));
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      const referenced = new Set(
        (await db.select().from(schema.skills)).map((row) => row.contentRef?.slice(7)),
      );
      for (const folder of packageFolders(first.dataDir)) expect(referenced.has(folder)).toBe(true);
      expect(stagingFolders(first.dataDir)).toEqual([]);
      const [row] = await db.select().from(schema.skills).where(eq(schema.skills.id, 'split'));
      expect(row?.ownerId).toBe(admin.id);
      expect(
        (await draftRowIds(first.server)).filter((id) => drafts.some((draft) => draft.id === id)),
      ).toHaveLength(answers.filter((answer) => answer.status !== 200).length);
    },
  );
});
