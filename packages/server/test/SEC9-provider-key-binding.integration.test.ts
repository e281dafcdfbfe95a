/**
 * SPEC SEC9 over HTTP, with real loopback model servers receiving the runs' requests: a stored
 * provider key goes only to the destination (protocol and base URL) it was stored with. An admin
 * may not move a provider or change its key (only the superadmin may); a superadmin's move drops the
 * stored key unless a new one comes with it; a row whose base URL is changed behind the routes' back
 * cannot open its key at all. A key read from the environment comes only from the variables the
 * operator allows (`SKILLDOCK_PROVIDER_KEY_ENV`), checked when it is configured and again when a run
 * sends it. On PGlite and PostgreSQL.
 */
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { createSecretBox } from '../src/testing.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun } from './support/wait-for.js';

const SECRET_KEY = 'sec9-test-secret-key-0123456789';
const STORED_KEY = 'sk-stored-SEC9-must-only-go-to-legit-4b1d';
const OPS_KEY = 'sk-ops-SEC9-allowed-variable-93ce';
const SERVER_SECRET = 'server-secret-SEC9-not-a-provider-key-0e7a';

/** Every Authorization-like header value a fake model server received. */
const credentialsSeen = (model: FakeModelServer) =>
  model.requests.map((request: RecordedRequest) =>
    [request.headers.authorization ?? '', request.headers['x-api-key'] ?? ''].join(' '),
  );

describe.each(TEST_BACKENDS)('SEC9 provider keys stay bound on $name', (backend) => {
  let server: SkilldockServer;
  let legit: FakeModelServer;
  let evil: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let root: TestPerson;
  let admin: TestPerson;

  const runOnce = async (person: TestPerson, model: string) => {
    const agent = await person.client.request('POST', '/api/agents', {
      json: { name: `sec9-${Math.random().toString(36).slice(2, 8)}`, model },
    });
    expect(agent.status).toBe(201);
    const conversation = await person.client.request('POST', '/api/conversations', {
      json: { agentId: agent.body.agent.id },
    });
    const run = await person.client.request(
      'POST',
      `/api/conversations/${conversation.body.conversation.id}/runs`,
      {
        json: { prompt: 'hello' },
      },
    );
    expect(run.status).toBe(202);
    return settledRun(person.client, run.body.run.id);
  };

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('sec9-keys');
    legit = await startFakeModelServer({ script: () => ({ text: 'legit answer' }) });
    evil = await startFakeModelServer({ script: () => ({ text: 'evil answer' }) });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'sec9-admin-password',
      logger: silentLogger,
      modelProviders: {
        secretKey: SECRET_KEY,
        // The operator's allowlist, as the documented variable in the environment keys are read from.
        env: { SKILLDOCK_PROVIDER_KEY_ENV: 'OPS_KEY', OPS_KEY, SERVER_SECRET },
      },
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000 } },
    });
    root = await addPerson(server, 'sec9-root', 'superadmin');
    admin = await addPerson(server, 'sec9-admin', 'admin');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await legit.close();
    await evil.close();
    await folder.remove();
  });

  it.skipIf(backend.skip)(
    "SEC9 an admin cannot redirect the superadmin's stored key: the move is refused, and the key reaches only the URL it was stored with",
    async () => {
      const created = await root.client.request('POST', '/api/admin/model-providers', {
        json: {
          id: 'prod',
          protocol: 'openai',
          baseUrl: legit.openaiBaseUrl,
          models: ['m1'],
          defaultModel: 'm1',
          apiKey: { value: STORED_KEY },
        },
      });
      expect(created.status).toBe(201);
      const moved = await admin.client.request('PATCH', '/api/admin/model-providers/prod', {
        json: { baseUrl: evil.openaiBaseUrl },
      });
      const rekeyed = await admin.client.request('PATCH', '/api/admin/model-providers/prod', {
        json: { apiKey: { value: 'sk-admin-own-key' } },
      });
      const reprotocolled = await admin.client.request('PATCH', '/api/admin/model-providers/prod', {
        json: { protocol: 'anthropic' },
      });
      expect(
        [moved, rekeyed, reprotocolled].map((answer) => [answer.status, answer.body.error?.code]),
      ).toEqual([
        [403, 'forbidden'],
        [403, 'forbidden'],
        [403, 'forbidden'],
      ]);
      // Changing what does not decide where the key goes stays open to admins.
      const models = await admin.client.request('PATCH', '/api/admin/model-providers/prod', {
        json: { models: ['m1', 'm2'] },
      });
      expect(models.status).toBe(200);
      expect(models.body.provider).toMatchObject({
        baseUrl: legit.openaiBaseUrl,
        apiKey: { source: 'stored' },
      });

      const run = await runOnce(admin, 'prod:m1');
      expect(run.status).toBe('completed');
      expect(credentialsSeen(legit).some((seen) => seen.includes(STORED_KEY))).toBe(true);
      expect(evil.requests).toHaveLength(0);
    },
  );

  it.skipIf(backend.skip)(
    "SEC9 a superadmin's move drops the stored key unless a new one comes with it; the old key never reaches the new URL",
    async () => {
      const moved = await root.client.request('PATCH', '/api/admin/model-providers/prod', {
        json: { baseUrl: evil.openaiBaseUrl },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.provider).toMatchObject({ baseUrl: evil.openaiBaseUrl, apiKey: { source: 'none' } });
      await runOnce(admin, 'prod:m1');
      expect(evil.requests.length).toBeGreaterThan(0);
      expect(credentialsSeen(evil).some((seen) => seen.includes(STORED_KEY))).toBe(false);

      // Moved back with a new key in the same request: the new key goes, to the new place only.
      const back = await root.client.request('PATCH', '/api/admin/model-providers/prod', {
        json: { baseUrl: legit.openaiBaseUrl, apiKey: { value: `${STORED_KEY}-2` } },
      });
      expect(back.status).toBe(200);
      expect(back.body.provider.apiKey).toEqual({ source: 'stored' });
      const audit = await server.database.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.targetId, 'prod'));
      expect(audit.map((entry) => entry.details.apiKeySource)).toContain('dropped');
    },
  );

  it.skipIf(backend.skip)(
    'SEC9 a base URL changed behind the routes (straight in the database) cannot open the stored key: the run fails and nothing is sent with it',
    async () => {
      const before = evil.requests.length;
      await server.database.db
        .update(schema.modelProviders)
        .set({ baseUrl: evil.openaiBaseUrl })
        .where(eq(schema.modelProviders.id, 'prod'));
      const run = await runOnce(root, 'prod:m1');
      expect(run.status).toBe('failed');
      expect(run.error.code).toBe('secret_decrypt_failed');
      expect(
        credentialsSeen(evil)
          .slice(before)
          .some((seen) => seen.includes(STORED_KEY)),
      ).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'SEC9 environment keys: only allowlisted variables, named only by the superadmin, and checked again when a run sends one',
    async () => {
      const body = (id: string, env: string) => ({
        id,
        protocol: 'openai',
        baseUrl: evil.openaiBaseUrl,
        models: ['m1'],
        defaultModel: 'm1',
        apiKey: { env },
      });
      const byAdmin = await admin.client.request('POST', '/api/admin/model-providers', {
        json: body('admin-env', 'OPS_KEY'),
      });
      const unlisted = await root.client.request('POST', '/api/admin/model-providers', {
        json: body('unlisted-env', 'SERVER_SECRET'),
      });
      const reserved = await root.client.request('POST', '/api/admin/model-providers', {
        json: body('reserved-env', 'SKILLDOCK_PROVIDER_KEY_ENV'),
      });
      expect([byAdmin, unlisted, reserved].map((answer) => [answer.status, answer.body.error?.code])).toEqual(
        [
          [403, 'forbidden'],
          [422, 'model_provider_invalid'],
          [422, 'model_provider_invalid'],
        ],
      );
      expect(unlisted.body.error.details.field).toBe('apiKey.env');
      const allowed = await root.client.request('POST', '/api/admin/model-providers', {
        json: { ...body('ops', 'OPS_KEY'), baseUrl: legit.openaiBaseUrl },
      });
      expect(allowed.status).toBe(201);
      expect(allowed.body.provider.apiKey).toEqual({ source: 'env', env: 'OPS_KEY', present: true });

      // A row naming any other variable (written before the allowlist, or behind the routes) sends nothing.
      await server.database.db.insert(schema.modelProviders).values({
        id: 'smuggled',
        protocol: 'openai',
        baseUrl: evil.openaiBaseUrl,
        models: ['m1'],
        defaultModel: 'm1',
        apiKeyEnv: 'SERVER_SECRET',
      });
      const before = evil.requests.length;
      const run = await runOnce(root, 'smuggled:m1');
      expect(run.status).toBe('failed');
      expect(run.error.code).toBe('model_provider_invalid');
      expect(
        credentialsSeen(evil)
          .slice(before)
          .some((seen) => seen.includes(SERVER_SECRET)),
      ).toBe(false);
      expect(evil.requests.length).toBe(before);
    },
  );

  it.skipIf(backend.skip)(
    'SEC9 a key stored before the binding (sealed to the provider id only) is re-sealed to its destination at start-up and keeps working',
    async () => {
      const box = await createSecretBox(SECRET_KEY);
      await server.database.db.insert(schema.modelProviders).values({
        id: 'legacy',
        protocol: 'openai',
        baseUrl: legit.openaiBaseUrl,
        models: ['m1'],
        defaultModel: 'm1',
        apiKeyCiphertext: box.encrypt(`${STORED_KEY}-legacy`, 'model-provider:legacy'),
      });
      const restarted = await createServer({
        passwordHashCost: TEST_PASSWORD_HASH_COST,
        database: server.database,
        dataDir: path.join(folder.path, 'data'),
        builtinDir: '/nonexistent-builtin-folder',
        logger: silentLogger,
        modelProviders: { secretKey: SECRET_KEY, env: {} },
        runs: { worker: false },
      });
      await restarted.stop();
      const [row] = await server.database.db
        .select()
        .from(schema.modelProviders)
        .where(eq(schema.modelProviders.id, 'legacy'));
      expect(() => box.decrypt(row!.apiKeyCiphertext!, 'model-provider:legacy')).toThrow();
      const run = await runOnce(root, 'legacy:m1');
      expect(run.status).toBe('completed');
      expect(credentialsSeen(legit).some((seen) => seen.includes(`${STORED_KEY}-legacy`))).toBe(true);
    },
  );
});
