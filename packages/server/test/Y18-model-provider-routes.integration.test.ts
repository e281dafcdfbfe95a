/**
 * SPEC Y18/SEC3 over HTTP: admins configure model providers; a key comes from a named environment
 * variable or is stored AES-256-GCM-encrypted under SKILLDOCK_SECRET_KEY (refused without one), and
 * no answer, audit entry, log line or database column ever holds it in clear. On PGlite and PostgreSQL.
 */
import { SkilldockError } from '@skilldock/core/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonLogger, createServer, type SkilldockServer, schema } from '../src/index.js';
import { createSecretBox, providerApiKey, providerKeyContext } from '../src/testing.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

const SECRET_KEY = 'y18-test-secret-key-0123456789';
const PROVIDER_KEY = 'sk-live-THIS-MUST-NEVER-LEAK-8f3a9c';
const ENV_KEY = 'sk-env-ALSO-NEVER-ANSWERED-77d1';

describe('Y18 the secret box', () => {
  it('Y18 decrypts only with the same SKILLDOCK_SECRET_KEY and context; a tampered value fails with a typed error', async () => {
    const box = await createSecretBox(SECRET_KEY);
    const sealed = box.encrypt(PROVIDER_KEY, 'model-provider:one');
    expect(sealed).not.toContain(PROVIDER_KEY);
    expect(sealed).not.toBe(box.encrypt(PROVIDER_KEY, 'model-provider:one'));
    expect(box.decrypt(sealed, 'model-provider:one')).toBe(PROVIDER_KEY);
    const again = await createSecretBox(SECRET_KEY);
    expect(again.decrypt(sealed, 'model-provider:one')).toBe(PROVIDER_KEY);
    const [format, nonce, ciphertext, tag] = sealed.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0]! ^= 1;
    const other = await createSecretBox(`${SECRET_KEY}-other`);
    const attempts = [
      () => other.decrypt(sealed, 'model-provider:one'),
      () => box.decrypt(sealed, 'model-provider:two'),
      () => box.decrypt([format, nonce, flipped.toString('base64url'), tag].join('.'), 'model-provider:one'),
      () => box.decrypt([format, nonce, ciphertext].join('.'), 'model-provider:one'),
      () => box.decrypt('v2.a.b.c', 'model-provider:one'),
    ];
    for (const attempt of attempts) {
      let caught: unknown;
      try {
        attempt();
      } catch (error) {
        caught = error;
      }
      expect(SkilldockError.isInstance(caught) && caught.code).toBe('secret_decrypt_failed');
      expect(String((caught as Error).message)).not.toContain(PROVIDER_KEY);
    }
    await expect(createSecretBox('too-short')).rejects.toMatchObject({ code: 'secret_key_weak' });
  });
});

describe.each(TEST_BACKENDS)('Y18 model provider routes on $name', (backend) => {
  let server: SkilldockServer;
  let keyless: SkilldockServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let admin: TestPerson;
  let root: TestPerson;
  let user: TestPerson;
  const logLines: string[] = [];
  const answers: string[] = [];

  const record = async <T extends { body: unknown }>(pending: Promise<T>): Promise<T> => {
    const answer = await pending;
    answers.push(JSON.stringify(answer.body));
    return answer;
  };

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('y18-providers');
    const database = await backend.openMigrated();
    const common = {
      database,
      dataDir: folder.path,
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'providers-admin-password',
      logger: createJsonLogger((line) => logLines.push(line)),
    };
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      ...common,
      modelProviders: {
        secretKey: SECRET_KEY,
        env: { TEAM_OPENAI_KEY: ENV_KEY },
        keyEnvAllowlist: ['TEAM_OPENAI_KEY'],
      },
    });
    keyless = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      ...common,
      modelProviders: { secretKey: undefined, env: {} },
    });
    root = await addPerson(server, 'provider-root', 'superadmin');
    admin = await addPerson(server, 'provider-admin', 'admin');
    user = await addPerson(server, 'provider-user', 'user');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await keyless.stop();
    await server.stop();
    await server.database.close();
    await folder.remove();
  });

  it.skipIf(backend.skip)(
    'Y18 an admin stores a key encrypted: never answered, audited without it, decrypted only with the same secret key',
    async () => {
      const created = await record(
        admin.client.request('POST', '/api/admin/model-providers', {
          json: {
            id: 'openai-main',
            protocol: 'openai',
            baseUrl: 'https://llm.example.com/v1',
            models: ['gpt-4.1', 'gpt-4.1-mini'],
            defaultModel: 'gpt-4.1',
            fastModel: 'gpt-4.1-mini',
            apiKey: { value: PROVIDER_KEY },
          },
        }),
      );
      expect(created.status).toBe(201);
      expect(created.body.provider).toMatchObject({
        id: 'openai-main',
        protocol: 'openai',
        defaultModel: 'gpt-4.1',
        fastModel: 'gpt-4.1-mini',
        apiKey: { source: 'stored' },
      });
      await record(admin.client.request('GET', '/api/admin/model-providers'));
      await record(root.client.request('GET', '/api/admin/model-providers/openai-main'));
      const patched = await record(
        admin.client.request('PATCH', '/api/admin/model-providers/openai-main', {
          json: { models: ['gpt-4.1', 'gpt-4.1-mini', 'o3'] },
        }),
      );
      expect(patched.body.provider.apiKey).toEqual({ source: 'stored' });
      await record(root.client.request('GET', '/api/admin/audit'));
      const [row] = await server.database.db
        .select()
        .from(schema.modelProviders)
        .where(eq(schema.modelProviders.id, 'openai-main'));
      expect(JSON.stringify(row)).not.toContain(PROVIDER_KEY);
      const sources = { secretBox: await createSecretBox(SECRET_KEY), env: {}, envAllowlist: [] };
      expect(providerApiKey(row!, sources)).toBe(PROVIDER_KEY);
      const otherBox = { secretBox: await createSecretBox(`${SECRET_KEY}!`), env: {}, envAllowlist: [] };
      expect(() => providerApiKey(row!, otherBox)).toThrow(
        expect.objectContaining({ code: 'secret_decrypt_failed' }),
      );
      expect(() => providerApiKey(row!, { secretBox: undefined, env: {}, envAllowlist: [] })).toThrow(
        expect.objectContaining({ code: 'secret_key_missing' }),
      );
      // A ciphertext moved to another provider's row does not open there.
      expect(() =>
        sources.secretBox.decrypt(row!.apiKeyCiphertext!, providerKeyContext('other', row!)),
      ).toThrow(expect.objectContaining({ code: 'secret_decrypt_failed' }));
      const audit = await server.database.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.targetId, 'openai-main'));
      expect(audit.map((entry) => [entry.action, entry.details.apiKeySource])).toEqual([
        ['model_provider.created', 'stored'],
        ['model_provider.updated', 'unchanged'],
      ]);
    },
  );

  it.skipIf(backend.skip)(
    "Y18 a named variable is shown by name and presence only; the server's own secrets cannot be named",
    async () => {
      const fromEnv = await record(
        root.client.request('POST', '/api/admin/model-providers', {
          json: {
            id: 'team-anthropic',
            protocol: 'anthropic',
            models: ['claude-sonnet-4'],
            defaultModel: 'claude-sonnet-4',
            apiKey: { env: 'TEAM_OPENAI_KEY' },
          },
        }),
      );
      expect(fromEnv.status).toBe(201);
      expect(fromEnv.body.provider.apiKey).toEqual({ source: 'env', env: 'TEAM_OPENAI_KEY', present: true });
      const [row] = await server.database.db
        .select()
        .from(schema.modelProviders)
        .where(eq(schema.modelProviders.id, 'team-anthropic'));
      expect(
        providerApiKey(row!, {
          secretBox: undefined,
          env: { TEAM_OPENAI_KEY: ENV_KEY },
          envAllowlist: ['TEAM_OPENAI_KEY'],
        }),
      ).toBe(ENV_KEY);
      const refused = await Promise.all(
        ['SKILLDOCK_SECRET_KEY', 'DATABASE_URL', 'PGPASSWORD'].map((name) =>
          record(
            root.client.request('PATCH', '/api/admin/model-providers/team-anthropic', {
              json: { apiKey: { env: name } },
            }),
          ),
        ),
      );
      expect(refused.map((answer) => [answer.status, answer.body.error.code])).toEqual(
        Array.from({ length: 3 }, () => [422, 'model_provider_invalid']),
      );
      const removed = await record(
        root.client.request('PATCH', '/api/admin/model-providers/team-anthropic', { json: { apiKey: null } }),
      );
      expect(removed.body.provider.apiKey).toEqual({ source: 'none' });
      expect((await root.client.request('DELETE', '/api/admin/model-providers/team-anthropic')).status).toBe(
        204,
      );
      expect((await root.client.request('GET', '/api/admin/model-providers/team-anthropic')).status).toBe(
        404,
      );
    },
  );

  it.skipIf(backend.skip)(
    'Y18 refusals: no SKILLDOCK_SECRET_KEY, users, duplicates, bad URLs and models, hostile ids, no CSRF — none echo a key',
    async () => {
      const body = (id: string, extra: Record<string, unknown> = {}) => ({
        id,
        protocol: 'openai',
        models: ['m1'],
        defaultModel: 'm1',
        apiKey: { value: PROVIDER_KEY },
        ...extra,
      });
      const keylessAdmin = await addPerson(keyless, 'keyless-admin', 'admin');
      const cases = [
        await keylessAdmin.client.request('POST', '/api/admin/model-providers', { json: body('no-box') }),
        await user.client.request('POST', '/api/admin/model-providers', { json: body('by-user') }),
        await user.client.request('GET', '/api/admin/model-providers'),
        await admin.client.request('POST', '/api/admin/model-providers', { json: body('openai-main') }),
        await admin.client.request('POST', '/api/admin/model-providers', {
          json: body('creds', { baseUrl: `https://user:${PROVIDER_KEY}@llm.example.com/v1` }),
        }),
        await admin.client.request('POST', '/api/admin/model-providers', {
          json: body('files', { baseUrl: 'file:///etc/passwd' }),
        }),
        await admin.client.request('POST', '/api/admin/model-providers', {
          json: body('fast', { fastModel: 'not-listed' }),
        }),
        await admin.client.request('POST', '/api/admin/model-providers', {
          json: body('spaced', { apiKey: { value: `${PROVIDER_KEY}\nInjected: header` } }),
        }),
        await admin.client.request('POST', '/api/admin/model-providers', { json: body('../etc') }),
        await admin.client.request('POST', '/api/admin/model-providers', {
          body: `{"id":"proto","protocol":"openai","models":["m1"],"defaultModel":"m1","__proto__":{"apiKeyEnv":"X"}}`,
          headers: { 'content-type': 'application/json' },
        }),
        await admin.client.request('GET', `/api/admin/model-providers/${encodeURIComponent('..%2Fetc')}`),
        await admin.client.request('POST', '/api/admin/model-providers', {
          json: body('no-csrf'),
          csrf: false,
        }),
      ];
      for (const answer of cases) answers.push(JSON.stringify(answer.body));
      expect(cases.map((answer) => [answer.status, answer.body.error.code])).toEqual([
        [422, 'secret_key_missing'],
        [403, 'forbidden'],
        [403, 'forbidden'],
        [409, 'model_provider_exists'],
        [422, 'model_provider_invalid'],
        [422, 'model_provider_invalid'],
        [422, 'model_provider_invalid'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [403, 'csrf_failed'],
      ]);
      expect(cases[0]!.body.error.message).toMatch(/SKILLDOCK_SECRET_KEY/);
      const ids = (await server.database.db.select().from(schema.modelProviders)).map((row) => row.id);
      expect(ids).toEqual(['openai-main']);
    },
  );

  it.skipIf(backend.skip)(
    'Y18 a SKILLDOCK_SECRET_KEY shorter than 16 characters stops start-up',
    async () => {
      await expect(
        createServer({
          passwordHashCost: TEST_PASSWORD_HASH_COST,
          database: server.database,
          dataDir: folder.path,
          builtinDir: '/nonexistent-builtin-folder',
          logger: createJsonLogger((line) => logLines.push(line)),
          modelProviders: { secretKey: 'short-key' },
        }),
      ).rejects.toMatchObject({ code: 'secret_key_weak' });
      expect((await server.app.request('/api/health')).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)('SEC3 no answer and no log line of this file ever held a key', () => {
    expect(answers.length).toBeGreaterThan(15);
    for (const text of [...answers, ...logLines]) {
      expect(text).not.toContain(PROVIDER_KEY);
      expect(text).not.toContain(ENV_KEY);
      expect(text).not.toContain(SECRET_KEY);
    }
    expect(logLines.some((line) => line.includes('/api/admin/model-providers'))).toBe(true);
  });
});
