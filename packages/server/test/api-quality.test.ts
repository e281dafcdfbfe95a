/**
 * API quality over every route (issue 12): the OpenAPI document and its page, one error shape with
 * the right status, body limits, validation of every input, hostile ids and SQL-ish strings, and
 * logs that carry a request id but never a password, token, stack or SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../src/index.js';
import { JSON_BODY_LIMIT } from '../src/testing.js';
import { openTestApp, type TestApp } from './support/test-app.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const ADMIN_PASSWORD = 'quality-admin-secret-pw';

describe.each(TEST_BACKENDS)('API quality on $name', (backend) => {
  let server: TestApp;
  let admin: TestClient;
  const logLines: string[] = [];

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    server = await openTestApp({
      database: await backend.openMigrated(),
      adminPassword: ADMIN_PASSWORD,
      logger: createJsonLogger((line) => logLines.push(line)),
      label: 'quality',
    });
    admin = new TestClient(server);
    await admin.login('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server?.close();
  });

  it.skipIf(backend.skip)('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const answer = await new TestClient(server).request('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.body.openapi).toBe('3.1.0');
    // Generated once: asked again, the same document (not a second generation's copy of it).
    expect((await new TestClient(server).request('GET', '/openapi.json')).body).toEqual(answer.body);
    const operations = Object.entries(answer.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'DELETE /api/admin/departments/{id}',
        'DELETE /api/admin/model-providers/{id}',
        'DELETE /api/admin/tokens/{id}',
        'DELETE /api/agents/{id}',
        'DELETE /api/agents/{id}/bound-skill/versions/{name}',
        'DELETE /api/auth/tokens/{id}',
        'DELETE /api/conversations/{id}',
        'DELETE /api/conversations/{id}/always-allowed-tools/{toolName}',
        'DELETE /api/install/drafts/{id}',
        'DELETE /api/me/skills/{id}',
        'DELETE /api/skills/{id}',
        'GET /.well-known/agent-skills/index.json',
        'GET /.well-known/agent-skills/{file}',
        'GET /.well-known/skills/index.json',
        'GET /.well-known/skills/{id}/{path}',
        'GET /api/admin/audit',
        'GET /api/admin/builtin',
        'GET /api/admin/departments',
        'GET /api/admin/discovery',
        'GET /api/admin/model-providers',
        'GET /api/admin/model-providers/{id}',
        'GET /api/admin/runs',
        'GET /api/admin/settings/install',
        'GET /api/admin/settings/runs',
        'GET /api/admin/settings/web-fetch',
        'GET /api/admin/tokens',
        'GET /api/admin/users',
        'GET /api/agent-tools',
        'GET /api/agents',
        'GET /api/agents/{id}',
        'GET /api/agents/{id}/bound-skill',
        'GET /api/agents/{id}/bound-skill/versions',
        'GET /api/agents/{id}/bound-skill/versions/{name}/files/{path}',
        'GET /api/agents/{id}/bound-skill/versions/{name}/tree',
        'GET /api/agents/{id}/share',
        'GET /api/auth/me',
        'GET /api/auth/session',
        'GET /api/auth/tokens',
        'GET /api/bound-skills/{id}/export',
        'GET /api/bound-skills/{id}/files/{path}',
        'GET /api/bound-skills/{id}/tree',
        'GET /api/conversations',
        'GET /api/conversations/{id}',
        'GET /api/health',
        'GET /api/health/live',
        'GET /api/health/ready',
        'GET /api/install/drafts',
        'GET /api/install/drafts/{id}',
        'GET /api/install/recommended',
        'GET /api/install/search',
        'GET /api/me/skills',
        'GET /api/personal-skills/{id}/export',
        'GET /api/personal-skills/{id}/files/{path}',
        'GET /api/personal-skills/{id}/history',
        'GET /api/personal-skills/{id}/history/{revision}/files/{path}',
        'GET /api/personal-skills/{id}/history/{revision}/tree',
        'GET /api/personal-skills/{id}/tree',
        'GET /api/runs/{id}',
        'GET /api/runs/{id}/events',
        'GET /api/runs/{id}/files',
        'GET /api/skills',
        'GET /api/skills/{id}',
        'GET /api/skills/{id}/export',
        'GET /api/skills/{id}/files/{path}',
        'GET /api/skills/{id}/share',
        'GET /api/skills/{id}/history',
        'GET /api/skills/{id}/history/{revision}/files/{path}',
        'GET /api/skills/{id}/history/{revision}/tree',
        'GET /api/skills/{id}/tree',
        'GET /run-files/{token}/{path}',
        'GET /t/{token}/.well-known/{path}',
        'PATCH /api/admin/departments/{id}',
        'PATCH /api/admin/model-providers/{id}',
        'PATCH /api/admin/users/{id}',
        'PATCH /api/agents/{id}',
        'PATCH /api/conversations/{id}',
        'POST /api/admin/departments',
        'POST /api/admin/model-providers',
        'POST /api/admin/model-providers/{id}/test',
        'POST /api/admin/runs/{id}/cancel',
        'POST /api/admin/users',
        'POST /api/agents',
        'POST /api/agents/{id}/bound-skill',
        'POST /api/agents/{id}/bound-skill/import',
        'POST /api/agents/{id}/bound-skill/versions',
        'POST /api/agents/{id}/bound-skill/versions/{name}/restore',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/password',
        'POST /api/auth/tokens',
        'POST /api/bound-skills/{id}/save',
        'POST /api/conversations',
        'POST /api/conversations/{id}/runs',
        'POST /api/install/drafts/recommended',
        'POST /api/install/drafts/remote',
        'POST /api/install/drafts/upload',
        'POST /api/install/drafts/{id}/confirm',
        'POST /api/personal-skills/{id}/history/{revision}/restore',
        'POST /api/personal-skills/{id}/save',
        'POST /api/runs/{id}/approvals/{toolCallId}',
        'POST /api/runs/{id}/cancel',
        'POST /api/runs/{id}/files/save-as-skill',
        'POST /api/runs/{id}/retry',
        'POST /api/skills/{id}/history/{revision}/restore',
        'POST /api/skills/{id}/save',
        'PUT /api/admin/discovery',
        'PUT /api/admin/settings/install/allowed-hosts',
        'PUT /api/admin/settings/install/recommended',
        'PUT /api/admin/settings/install/skills-directory',
        'PUT /api/admin/settings/runs',
        'PUT /api/admin/settings/web-fetch',
        'PUT /api/agents/{id}/share',
        'PUT /api/bound-skills/{id}/files/{path}',
        'PUT /api/personal-skills/{id}/files/{path}',
        'PUT /api/skills/{id}/enabled',
        'PUT /api/skills/{id}/files/{path}',
        'PUT /api/skills/{id}/share',
        // Agents and model providers (agent-routes, model-provider-routes).
        // Bound skills and their history (bound-skill-routes).
        // Conversations and runs (conversation-routes, run-routes).
        // Editing, share config and discovery (skill-edit-routes, share-config-routes, well-known-routes).
      ].sort(),
    );
    expect(answer.body.components.schemas.Error).toBeDefined();
    expect(
      answer.body.paths['/api/auth/login'].post.requestBody.content['application/json'].schema,
    ).toBeDefined();
  });

  it.skipIf(backend.skip)(
    'documents every operation with a unique operationId, its security and the shared error schema (issue 27)',
    async () => {
      const document = (await new TestClient(server).request('GET', '/openapi.json')).body;
      expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
      expect(document.components.securitySchemes).toMatchObject({
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'skilldock_session' },
        csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        bearerToken: { type: 'http', scheme: 'bearer' },
      });
      const schemes = Object.keys(document.components.securitySchemes);
      const errorRef = '#/components/schemas/Error';
      const sharedResponses = document.components.responses as Record<string, any>;
      const ids: string[] = [];
      const problems: string[] = [];
      for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
        for (const [method, operation] of Object.entries(item)) {
          const where = `${method.toUpperCase()} ${path}`;
          if (typeof operation.operationId !== 'string' || !/^[a-z][A-Za-z0-9]+$/.test(operation.operationId))
            problems.push(`${where}: operationId ${operation.operationId}`);
          else ids.push(operation.operationId);
          if (!Array.isArray(operation.security)) problems.push(`${where}: no security`);
          for (const requirement of operation.security ?? [])
            for (const scheme of Object.keys(requirement))
              if (!schemes.includes(scheme)) problems.push(`${where}: unknown scheme ${scheme}`);
          for (const [status, answer] of Object.entries(operation.responses as Record<string, any>)) {
            if (!status.startsWith('4')) continue;
            const response =
              typeof answer.$ref === 'string'
                ? sharedResponses[answer.$ref.replace('#/components/responses/', '')]
                : answer;
            if (response?.content?.['application/json']?.schema?.$ref !== errorRef)
              problems.push(`${where}: ${status} is not the Error schema`);
          }
          if (!Object.keys(operation.responses).some((status) => status.startsWith('4')))
            problems.push(`${where}: no 4xx response`);
        }
      }
      expect(problems).toEqual([]);
      expect(ids.length).toBeGreaterThan(90);
      expect(new Set(ids).size).toBe(ids.length);
      const security = (method: string, path: string) => document.paths[path][method].security;
      expect(security('get', '/api/health')).toEqual([]);
      expect(security('post', '/api/auth/login')).toEqual([]);
      expect(security('post', '/api/auth/tokens')).toEqual([{ sessionCookie: [], csrfToken: [] }]);
      // Each operation names the one token scope it needs (issue 24).
      expect(security('get', '/api/skills')).toEqual([
        { sessionCookie: [] },
        { bearerToken: ['skills:read'] },
      ]);
      expect(security('post', '/api/agents')).toEqual([
        { sessionCookie: [], csrfToken: [] },
        { bearerToken: ['agents:write'] },
      ]);
      expect(security('get', '/api/conversations')).toEqual([
        { sessionCookie: [] },
        { bearerToken: ['conversations:read'] },
      ]);
      expect(security('get', '/api/auth/me')).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
      expect(security('get', '/.well-known/skills/index.json')).toContainEqual({});
      expect(security('get', '/.well-known/skills/index.json')).toContainEqual({
        bearerToken: ['skills:read'],
      });
    },
  );

  it.skipIf(backend.skip)(
    'renders the document on a self-contained page (no CDN, text never inserted as HTML)',
    async () => {
      const response = await server.app.request('/api/docs');
      const html = await response.text();
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(html).toContain("fetch('/openapi.json')");
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="https?:|https?:\/\/(cdn|unpkg|jsdelivr)/);
      expect(html).not.toContain('innerHTML');
    },
  );

  it.skipIf(backend.skip)(
    'answers every error as { error: { code, message, details } } with its status',
    async () => {
      const anonymous = new TestClient(server);
      const cases: [number, string, Promise<{ status: number; body: { error: { code: string } } }>][] = [
        [401, 'unauthenticated', anonymous.request('GET', '/api/admin/users')],
        [404, 'not_found', admin.request('GET', '/api/no-such-route')],
        [400, 'invalid_request', admin.request('POST', '/api/admin/departments', { json: { name: '' } })],
        [
          400,
          'invalid_request',
          admin.request('POST', '/api/admin/departments', { json: { name: 'x', extra: 1 } }),
        ],
        [
          400,
          'invalid_request',
          admin.request('POST', '/api/admin/departments', {
            body: '{"name": ',
            headers: { 'content-type': 'application/json' },
          }),
        ],
        [
          400,
          'invalid_request',
          admin.request('POST', '/api/admin/users', {
            json: { username: '../etc', password: 'long-enough-pw' },
          }),
        ],
        [
          403,
          'csrf_failed',
          admin.request('POST', '/api/admin/departments', { json: { name: 'x' }, csrf: false }),
        ],
        [
          404,
          'not_found',
          admin.request('PATCH', '/api/admin/departments/00000000-0000-4000-8000-000000000000', {
            json: { name: 'x' },
          }),
        ],
        [
          422,
          'not_found',
          admin.request('POST', '/api/admin/users', {
            json: {
              username: 'ghost',
              password: 'long-enough-pw',
              departmentIds: ['00000000-0000-4000-8000-000000000000'],
            },
          }),
        ],
      ];
      for (const [status, code, pending] of cases) {
        const answer = await pending;
        expect({ status: answer.status, code: answer.body.error.code }).toEqual({ status, code });
        expect(Object.keys(answer.body.error).sort()).toEqual(['code', 'details', 'message']);
      }
      const first = await admin.request('POST', '/api/admin/departments', { json: { name: 'Twice' } });
      expect(first.status).toBe(201);
      const second = await admin.request('POST', '/api/admin/departments', { json: { name: 'Twice' } });
      expect({ status: second.status, code: second.body.error.code }).toEqual({
        status: 409,
        code: 'department_exists',
      });
    },
  );

  it.skipIf(backend.skip)(
    'SEC4 limits request bodies, by header and while streaming, answering 413',
    async () => {
      const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT) });
      const declared = await admin.request('POST', '/api/admin/departments', {
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(declared.status).toBe(413);
      expect(declared.body.error.code).toBe('body_too_large');
      // A body without a length (streamed) is counted as it arrives.
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > JSON_BODY_LIMIT + chunk.length) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const streamed = await server.app.request('/api/admin/departments', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: admin.cookie!,
          'x-csrf-token': admin.csrfToken!,
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
    },
  );

  it.skipIf(backend.skip)('SEC1 refuses hostile ids and treats SQL-ish strings as data', async () => {
    for (const id of ['..', '%2e%2e', 'toString', '__proto__', "1' or '1'='1", '1;drop table users']) {
      const answer = await admin.request('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, {
        json: { displayName: 'x' },
      });
      expect(answer.status === 400 || answer.status === 404).toBe(true);
      expect(answer.body.error.code).toMatch(/^(invalid_request|not_found)$/);
    }
    const sqlish = "Robert'); drop table users; --";
    const created = await admin.request('POST', '/api/admin/departments', { json: { name: sqlish } });
    expect(created.status).toBe(201);
    expect(created.body.department.name).toBe(sqlish);
    expect((await admin.request('GET', '/api/admin/users')).status).toBe(200);
    const login = await new TestClient(server).login("admin' --", 'whatever');
    expect(login.status).toBe(401);
  });

  it.skipIf(backend.skip)('handles concurrent writes to the same name with one winner', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.request('POST', '/api/admin/departments', { json: { name: 'Racing' } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it.skipIf(backend.skip)(
    'SEC3 logs one JSON line per request with its id, and never a password, token, stack or SQL',
    async () => {
      const token = (
        await admin.request('POST', '/api/auth/tokens', { json: { name: 'log-check', access: 'read' } })
      ).body.token as string;
      const reader = new TestClient(server);
      reader.bearer = token;
      await reader.request('GET', '/api/auth/me?token=leak-me-not', {
        headers: { 'x-request-id': 'trace-123' },
      });
      await new TestClient(server).login('admin', 'wrong-but-secret-password');
      const all = logLines.join('');
      expect(all).not.toContain(ADMIN_PASSWORD);
      expect(all).not.toContain('wrong-but-secret-password');
      expect(all).not.toContain(token);
      expect(all).not.toContain(admin.cookie!.split('=')[1]!);
      expect(all).not.toContain('leak-me-not');
      expect(all).not.toMatch(/\bat .+\.(ts|js):\d+|insert into|select .* from/i);
      const entries = logLines.map((line) => JSON.parse(line));
      const traced = entries.find((entry) => entry.requestId === 'trace-123');
      expect(traced).toMatchObject({
        level: 'info',
        event: 'request',
        method: 'GET',
        path: '/api/auth/me',
        status: 200,
      });
      expect(
        entries.every((entry) => typeof entry.time === 'string' && typeof entry.event === 'string'),
      ).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    'SEC3 never answers with a stack trace, SQL or secret when something fails inside',
    async () => {
      const answer = await admin.request('GET', '/api/admin/audit?since=not-a-date');
      expect(answer.status).toBe(400);
      const text = JSON.stringify(answer.body);
      expect(text).not.toMatch(/\bat .+:\d+:\d+|select |password_hash/i);
      const headers = (await server.app.request('/api/health')).headers;
      expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('cache-control')).toBe('no-store');
    },
  );
});
