/**
 * SPEC O4/Y18 over HTTP: "Test connection" sends a provider one request for one token, as a run
 * would (its protocol, base URL and key, once), and answers the model's reply or the exact failure
 * as a typed error; admins only, never answering the key. On PGlite and PostgreSQL, against the
 * fake model server on loopback.
 */

import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../src/index.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { openTestApp, type TestApp } from './support/test-app.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const SECRET_KEY = 'o4-test-secret-key-0123456789';
const GOOD_KEY = 'sk-good-O4-NEVER-ANSWERED-1f2e';
const BAD_KEY = 'sk-bad-O4-NEVER-ANSWERED-9a8b';

describe.each(TEST_BACKENDS)('O4 Test connection of a model provider on $name', (backend) => {
  let server: TestApp;
  let model: FakeModelServer;
  let root: TestPerson;
  let admin: TestPerson;
  let user: TestPerson;
  /** A port nothing listens on: a closed server's. */
  let closedPort: number;
  const logLines: string[] = [];

  const provider = (id: string, baseUrl: string, key: string | null, protocol = 'openai') =>
    root.client.request('POST', '/api/admin/model-providers', {
      json: {
        id,
        protocol,
        baseUrl,
        models: ['fake-model', 'other-model'],
        defaultModel: 'fake-model',
        apiKey: key === null ? null : { value: key },
      },
    });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    // The model answers a request carrying the good key; any other key gets a 401 that echoes the
    // Authorization header, as a careless provider might: the answer must not carry it on.
    model = await startFakeModelServer({
      script: (request) => {
        const authorization = request.headers.authorization ?? request.headers['x-api-key'] ?? '';
        if (!authorization.includes(GOOD_KEY))
          return {
            error: {
              status: 401,
              body: { error: { message: `Incorrect API key provided: ${authorization}`, type: 'auth' } },
            },
          };
        return { text: 'OK' };
      },
    });
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    server = await openTestApp({
      database: await backend.openMigrated(),
      label: 'o4',
      adminPassword: 'o4-admin-password',
      logger: createJsonLogger((line) => logLines.push(line)),
      modelProviders: { secretKey: SECRET_KEY, env: {} },
    });
    root = await addPerson(server, 'o4-root', 'superadmin');
    admin = await addPerson(server, 'o4-admin', 'admin');
    user = await addPerson(server, 'o4-user', 'user');
    for (const created of [
      await provider('good', model.openaiBaseUrl, GOOD_KEY),
      await provider('good-anthropic', model.anthropicBaseUrl, GOOD_KEY, 'anthropic'),
      await provider('wrong-key', model.openaiBaseUrl, BAD_KEY),
      await provider('nowhere', `http://127.0.0.1:${closedPort}/v1`, GOOD_KEY),
    ])
      expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.close();
    await model.close();
  });

  it.skipIf(backend.skip)(
    "O4 a working provider answers the model's reply, with one request asking for one token and the stored key",
    async () => {
      const before = model.requests.length;
      const tested = await admin.client.request('POST', '/api/admin/model-providers/good/test');
      expect(tested.status, JSON.stringify(tested.body)).toBe(200);
      expect(tested.body.test).toMatchObject({ model: 'fake-model', reply: 'OK' });
      expect(tested.body.test.latencyMs).toBeGreaterThanOrEqual(0);
      const sent = model.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
      const body = sent[0]!.body as { model: string; max_tokens?: number; max_completion_tokens?: number };
      expect(body.model).toBe('fake-model');
      expect(body.max_tokens ?? body.max_completion_tokens).toBe(1);

      const other = await root.client.request('POST', '/api/admin/model-providers/good-anthropic/test', {
        json: { model: 'other-model' },
      });
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      expect(other.body.test).toMatchObject({ model: 'other-model', reply: 'OK' });
      expect(JSON.stringify(model.requests.at(-1)!.headers)).toContain(GOOD_KEY);
    },
  );

  it.skipIf(backend.skip)(
    "O4 failures answer the exact failure as typed errors: the provider's 401, an unreachable server, an unknown model",
    async () => {
      const before = model.requests.length;
      const wrong = await admin.client.request('POST', '/api/admin/model-providers/wrong-key/test');
      expect(wrong.status).toBe(502);
      expect(wrong.body.error).toMatchObject({
        code: 'model_http_error',
        details: { provider: 'wrong-key', model: 'fake-model', status: 401, retryable: false },
      });
      expect(wrong.body.error.message).toContain('Incorrect API key provided');
      // Sent once: a test does not retry.
      expect(model.requests.length - before).toBe(1);

      const nowhere = await admin.client.request('POST', '/api/admin/model-providers/nowhere/test');
      expect(nowhere.status).toBe(502);
      expect(nowhere.body.error.code).toBe('model_connection_failed');

      const unknownModel = await admin.client.request('POST', '/api/admin/model-providers/good/test', {
        json: { model: 'gpt-4.1' },
      });
      expect([unknownModel.status, unknownModel.body.error.code]).toEqual([422, 'model_provider_invalid']);
      const hostileModel = await admin.client.request('POST', '/api/admin/model-providers/good/test', {
        json: { model: '../../etc/passwd\n' },
      });
      expect([hostileModel.status, hostileModel.body.error.code]).toEqual([400, 'invalid_request']);
      const extra = await admin.client.request('POST', '/api/admin/model-providers/good/test', {
        json: { model: 'fake-model', baseUrl: 'http://evil.example' },
      });
      expect([extra.status, extra.body.error.code]).toEqual([400, 'invalid_request']);
      for (const answer of [wrong, nowhere, unknownModel, hostileModel, extra])
        expect(JSON.stringify(answer.body)).not.toMatch(/sk-(good|bad)-O4/);
      expect(logLines.join('\n')).not.toMatch(/sk-(good|bad)-O4/);
    },
  );

  it.skipIf(backend.skip)(
    'O4 who may test: the superadmin and admins (session or read-write token); users, anonymous callers, a missing CSRF token and a read token may not',
    async () => {
      const before = model.requests.length;
      const path = '/api/admin/model-providers/good/test';
      const anonymous = new TestClient(server);
      const reader = new TestClient(server);
      reader.bearer = user.token;
      const adminToken = new TestClient(server);
      adminToken.bearer = admin.token;
      const answers = [
        await root.client.request('POST', path),
        await admin.client.request('POST', path),
        await adminToken.request('POST', path),
        await user.client.request('POST', path),
        await anonymous.request('POST', path),
        await admin.client.request('POST', path, { csrf: false }),
        await reader.request('POST', path),
        await admin.client.request('POST', '/api/admin/model-providers/no-such/test'),
        await admin.client.request(
          'POST',
          `/api/admin/model-providers/${encodeURIComponent('../good')}/test`,
        ),
      ];
      expect(answers.map((answer) => [answer.status, answer.body?.error?.code ?? 'ok'])).toEqual([
        [200, 'ok'],
        [200, 'ok'],
        [200, 'ok'],
        [403, 'forbidden'],
        [401, 'unauthenticated'],
        [403, 'csrf_failed'],
        [403, 'forbidden'],
        [404, 'not_found'],
        [400, 'invalid_request'],
      ]);
      // Only the three allowed calls reached the model.
      expect(model.requests.length - before).toBe(3);
    },
  );

  it.skipIf(backend.skip)('O4 the route is documented with its operationId and security', async () => {
    const document = (await new TestClient(server).request('GET', '/openapi.json')).body;
    const operation = document.paths['/api/admin/model-providers/{id}/test'].post;
    expect(operation.operationId).toBe('testModelProvider');
    expect(operation.security).toEqual([
      { sessionCookie: [], csrfToken: [] },
      { bearerToken: ['admin:write'] },
    ]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '403', '404', '422', '502']),
    );
  });
});
