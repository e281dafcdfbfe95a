import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/index.js';
import { DEFAULT_BUILTIN_DIRECTORY } from '../src/testing.js';
import { openTestApp, type TestApp } from './support/test-app.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const pglite = TEST_BACKENDS[0]!;

describe('GET /api/admin/builtin', () => {
  let server: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    server = await openTestApp({
      database: await pglite.openMigrated(),
      builtinDir: fileURLToPath(DEFAULT_BUILTIN_DIRECTORY),
      adminPassword: 'builtin-status-admin',
      logger: silentLogger,
      label: 'builtin-status',
    });
    admin = new TestClient(server);
    expect((await admin.login('admin', 'builtin-status-admin')).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('Y10 W5 lists the synced builtin skills with their enable state and the last sync that changed them', async () => {
    const answer = await admin.request('GET', '/api/admin/builtin');
    expect(answer.status).toBe(200);
    expect(answer.body.skills.map((skill: { id: string }) => skill.id)).toEqual([
      'chat-widgets',
      'deep-research',
      'skill-creator',
    ]);
    expect(answer.body.skills[0]).toMatchObject({ version: '1.0.0', enabled: true });
    expect(answer.body.lastChange).toMatchObject({
      added: ['chat-widgets', 'deep-research', 'skill-creator'],
      updated: [],
      removed: [],
    });
    expect(Date.parse(answer.body.lastChange.at)).not.toBeNaN();

    const disabled = await admin.request('PUT', '/api/skills/deep-research/enabled', {
      json: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    const after = await admin.request('GET', '/api/admin/builtin');
    expect(after.body.skills.find((skill: { id: string }) => skill.id === 'deep-research').enabled).toBe(
      false,
    );
  });

  it('Y10 is for admins only', async () => {
    const created = await admin.request('POST', '/api/admin/users', {
      json: { username: 'uma', password: 'uma-password-1', role: 'user' },
    });
    expect(created.status).toBe(201);
    const user = new TestClient(server);
    await user.login('uma', 'uma-password-1');
    expect((await user.request('GET', '/api/admin/builtin')).status).toBe(403);
    expect((await new TestClient(server).request('GET', '/api/admin/builtin')).status).toBe(401);
  });
});
