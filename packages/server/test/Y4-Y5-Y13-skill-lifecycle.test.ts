/**
 * One shared skill through the whole platform, each step by its own route: uploaded as a draft and
 * confirmed as shared (Y4), edited with its revision (Y5), then listed and served by the discovery
 * index with the edit in it (Y13) — so the install flow, the editor and discovery agree on where a
 * shared skill's current revision lives, and the replaced package is pruned.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  type InstallTestServer,
  packageFolders,
  skillZip,
  startInstallServer,
  uploadForm,
} from './install/install-fixtures.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('a shared skill from upload to discovery on $name', (backend) => {
  let setup: InstallTestServer;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    setup = await startInstallServer(await backend.openMigrated());
  });
  afterAll(async () => {
    await setup?.close();
  });

  it.skipIf(backend.skip)('Y4 Y5 Y13 install, edit, and discover the edited skill', async () => {
    const admin = await createAccount(setup, 'lifecycle-admin', 'admin');
    const uploaded = await admin.client.request('POST', '/api/install/drafts/upload', {
      body: uploadForm(await skillZip('handbook', { 'notes.md': 'first notes\n' }), 'handbook.zip'),
    });
    expect(uploaded.status).toBe(201);
    const confirmed = await admin.client.request(
      'POST',
      `/api/install/drafts/${uploaded.body.draft.id}/confirm`,
      {
        json: {
          target: 'shared',
          readScope: { kind: 'global' },
          manageScope: { kind: 'users', userIds: [admin.id] },
        },
      },
    );
    expect(confirmed.status).toBe(200);
    const installedRevision: string = confirmed.body.installed[0].revision;

    const tree = await admin.client.request('GET', '/api/skills/handbook/tree');
    expect(tree.status).toBe(200);
    expect(tree.body.revision).toBe(installedRevision);
    const notes = await admin.client.request('GET', '/api/skills/handbook/files/notes.md');
    const saved = await admin.client.request('POST', '/api/skills/handbook/save', {
      json: {
        baseRevision: installedRevision,
        edits: [{ type: 'write', path: 'notes.md', content: 'edited notes\n', sha256: notes.body.sha256 }],
      },
    });
    expect(saved.status).toBe(200);
    const editedRevision: string = saved.body.revision;
    expect(editedRevision).not.toBe(installedRevision);
    // The installed package stays as the history's baseline, beside the edited one.
    expect(packageFolders(setup.dataDir)).toEqual(
      [editedRevision, installedRevision].map((revision) => revision.replace('sha256:', '')).sort(),
    );
    expect(existsSync(path.join(setup.dataDir, 'packages', installedRevision.replace('sha256:', '')))).toBe(
      true,
    );

    const reader = await createAccount(setup, 'lifecycle-reader', 'user');
    const listed = await reader.client.request('GET', '/.well-known/skills/index.json');
    expect(listed.status).toBe(200);
    expect(listed.body.skills.map((skill: { name: string }) => skill.name)).toContain('handbook');
    const served = await reader.client.request('GET', '/.well-known/skills/handbook/notes.md');
    expect(served.status).toBe(200);
    expect(served.body).toBe('edited notes\n');
  });
});
