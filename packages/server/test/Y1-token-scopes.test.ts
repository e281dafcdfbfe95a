/**
 * API token scopes (issue 24, SPEC Y1): every route declares the scope a token needs in one table,
 * the OpenAPI document says the same, and a token outside its scopes is refused before the route
 * runs — a `skills:read` token reads skills and never a conversation (the sweep over every route
 * is in the `.integration` file). Tokens are issued by every
 * account from its login session, never with more than its role may hold, and stop at their
 * expiry or revocation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPath, ROUTE_REQUIREMENTS } from '../src/http/route-scopes.js';
import { createApiToken, silentLogger, TOKEN_SCOPES } from '../src/index.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { openTestApp, type TestApp } from './support/test-app.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

/** Routes that are not part of the API: the document itself. */
const NOT_API = new Set(['GET /openapi.json']);

describe.each(TEST_BACKENDS)('API token scopes on $name', (backend) => {
  let server: TestApp;
  let boss: TestPerson;
  let ursula: TestPerson;
  const bearer = (token: string) => {
    const client = new TestClient(server);
    client.bearer = token;
    return client;
  };
  const issue = async (person: TestPerson, body: Record<string, unknown>) =>
    person.client.request('POST', '/api/auth/tokens', { json: { name: 'scoped', ...body } });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    server = await openTestApp({
      database: await backend.openMigrated(),
      logger: silentLogger,
      label: 'token-scopes',
    });
    boss = await addPerson(server, 'boss', 'superadmin');
    ursula = await addPerson(server, 'ursula', 'user');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server?.close();
  });

  it.skipIf(backend.skip)(
    'Y1 every route declares what a token needs, and the table names only real routes',
    () => {
      const routes = new Set(
        server.app.routes
          .filter((route) => route.method !== 'ALL')
          .map((route) => `${route.method} ${documentPath(route.path)}`)
          .filter((route) => !NOT_API.has(route)),
      );
      const undeclared = [...routes].filter((route) => !Object.hasOwn(ROUTE_REQUIREMENTS, route));
      expect(undeclared).toEqual([]);
      const stale = Object.keys(ROUTE_REQUIREMENTS).filter((route) => !routes.has(route));
      expect(stale).toEqual([]);
      expect(routes.size).toBeGreaterThan(90);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 the OpenAPI document names the same scope as the table for every operation',
    async () => {
      const document = (await new TestClient(server).request('GET', '/openapi.json')).body;
      const problems: string[] = [];
      for (const [path, item] of Object.entries(
        document.paths as Record<string, Record<string, { security: Record<string, string[]>[] }>>,
      )) {
        for (const [method, operation] of Object.entries(item)) {
          const key = `${method.toUpperCase()} ${path}`;
          const required = ROUTE_REQUIREMENTS[key];
          const bearerScopes = operation.security
            .filter((requirement) => 'bearerToken' in requirement)
            .map((requirement) => requirement.bearerToken);
          const expected =
            required === 'public'
              ? []
              : required === 'session'
                ? []
                : required === 'account'
                  ? [[]]
                  : [[required]];
          if (JSON.stringify(bearerScopes) !== JSON.stringify(expected))
            problems.push(`${key}: ${JSON.stringify(bearerScopes)} (table: ${required})`);
        }
      }
      expect(problems).toEqual([]);
      expect(document.components.schemas.TokenScope.enum).toEqual([...TOKEN_SCOPES]);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 a skills:read token issued by a user reads skills and is refused conversations, writes and admin routes',
    async () => {
      const issued = await issue(ursula, { scopes: ['skills:read'] });
      expect(issued.status).toBe(201);
      expect(issued.body.apiToken).toMatchObject({
        scopes: ['skills:read'],
        expiresAt: null,
        userId: ursula.id,
      });
      const reader = bearer(issued.body.token);
      expect((await reader.request('GET', '/api/skills')).status).toBe(200);
      expect((await reader.request('GET', '/.well-known/agent-skills/index.json')).status).toBe(200);
      expect((await reader.request('GET', '/api/auth/me')).body.user.username).toBe('ursula');

      const conversations = await reader.request('GET', '/api/conversations');
      expect(conversations.status).toBe(403);
      expect(conversations.body.error).toMatchObject({
        code: 'token_scope_missing',
        details: { scope: 'conversations:read' },
      });
      expect((await reader.request('GET', '/api/agents')).body.error.code).toBe('token_scope_missing');
      const write = await reader.request('POST', '/api/conversations', { json: { agentId: 'x' } });
      expect(write.status).toBe(403);
      expect(write.body.error.code).toBe('token_read_only');
      const install = await reader.request('POST', '/api/install/drafts/remote', {
        json: { url: 'https://x' },
      });
      expect(install.body.error.code).toBe('token_read_only');
      const admin = await reader.request('GET', '/api/admin/users');
      expect(admin.status).toBe(403);
      expect(admin.body.error.code).toBe('token_scope_missing');
      // A token never issues tokens, whatever it holds.
      const minted = await reader.request('POST', '/api/auth/tokens', {
        json: { name: 'x', scopes: ['skills:read'] },
      });
      expect(minted.status).toBe(403);
      const everything = bearer(ursula.token);
      expect(
        (
          await everything.request('POST', '/api/auth/tokens', {
            json: { name: 'x', scopes: ['skills:read'] },
          })
        ).status,
      ).toBe(403);
    },
  );

  it.skipIf(backend.skip)('Y1 no account issues a token with scopes its role may not hold', async () => {
    const refused = await issue(ursula, { scopes: ['skills:read', 'admin:read'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'token_scope_refused',
      details: { scopes: ['admin:read'] },
    });
    // An old client's `read-write` means everything this account may hold, never admin:* for a user.
    const legacy = await issue(ursula, { access: 'read-write' });
    expect(legacy.status).toBe(201);
    expect(legacy.body.apiToken.scopes).toEqual([
      'skills:read',
      'skills:write',
      'agents:read',
      'agents:write',
      'conversations:read',
      'conversations:write',
    ]);
    const adminToken = await issue(boss, { scopes: ['admin:write', 'admin:read', 'admin:read'] });
    expect(adminToken.status).toBe(201);
    expect(adminToken.body.apiToken.scopes).toEqual(['admin:read', 'admin:write']);
    expect((await bearer(adminToken.body.token).request('GET', '/api/admin/users')).status).toBe(200);
    expect((await bearer(adminToken.body.token).request('GET', '/api/skills')).status).toBe(403);
  });

  it.skipIf(backend.skip)('Y1 refuses malformed, oversized and contradictory token requests', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const bodies: Record<string, unknown>[] = [
      { scopes: ['skills:everything'] },
      { scopes: [] },
      { scopes: 'skills:read' },
      { scopes: Array(40).fill('skills:read') },
      { scopes: ['skills:read'], access: 'read' },
      {},
      { scopes: ['skills:read'], expiresAt: new Date(Date.now() - 1000).toISOString() },
      { scopes: ['skills:read'], expiresAt: 'tomorrow' },
      { scopes: ['skills:read'], expiresAt: new Date(Date.now() + 20 * 366 * 86_400_000).toISOString() },
      { scopes: ['skills:read'], expiresAt: future, owner: boss.id },
      { scopes: ['skills:read'], name: 'x'.repeat(101) },
      { scopes: ['skills:read'], name: 'line\nbreak' },
    ];
    for (const body of bodies) {
      const answer = await issue(ursula, body);
      expect({ body, status: answer.status, code: answer.body.error?.code }).toEqual({
        body,
        status: 400,
        code: 'invalid_request',
      });
    }
    const fine = await issue(ursula, { scopes: ['skills:read'], expiresAt: future });
    expect(fine.status).toBe(201);
    expect(Date.parse(fine.body.apiToken.expiresAt)).toBe(Date.parse(future));
  });

  it.skipIf(backend.skip)(
    'Y1 an expired token is refused even when the server knows it already',
    async () => {
      const { token } = await createApiToken(server.database.db, {
        userId: ursula.id,
        name: 'short',
        scopes: ['skills:read'],
        expiresAt: new Date(Date.now() + 1500),
      });
      const client = bearer(token);
      expect((await client.request('GET', '/api/skills')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const expired = await client.request('GET', '/api/skills');
      expect(expired.status).toBe(401);
      expect(expired.body.error.code).toBe('unauthenticated');
    },
  );

  it.skipIf(backend.skip)('Y1 a revoked token is refused on its very next request', async () => {
    const issued = await issue(ursula, { scopes: ['skills:read', 'conversations:read'] });
    const client = bearer(issued.body.token);
    expect((await client.request('GET', '/api/conversations')).status).toBe(200);
    expect(
      (await ursula.client.request('DELETE', `/api/auth/tokens/${issued.body.apiToken.id}`)).status,
    ).toBe(204);
    expect((await client.request('GET', '/api/conversations')).status).toBe(401);
    const listed = await ursula.client.request('GET', '/api/auth/tokens');
    const row = listed.body.tokens.find((token: { id: string }) => token.id === issued.body.apiToken.id);
    expect(row.revokedAt).not.toBeNull();
    expect(row.lastUsedAt).not.toBeNull();
    // Another account's token is not reachable by id.
    const mine = await issue(boss, { scopes: ['skills:read'] });
    expect((await ursula.client.request('DELETE', `/api/auth/tokens/${mine.body.apiToken.id}`)).status).toBe(
      404,
    );
    expect((await bearer(mine.body.token).request('GET', '/api/skills')).status).toBe(200);
  });

  it.skipIf(backend.skip)(
    'Y1 a token in a discovery link (/t/<token>/) counts as its bearer: skills:read only, never a cookie',
    async () => {
      const reader = (await issue(ursula, { scopes: ['skills:read'] })).body.token as string;
      const chatter = (await issue(ursula, { scopes: ['conversations:read'] })).body.token as string;
      const index = await new TestClient(server).request(
        'GET',
        `/t/${reader}/.well-known/agent-skills/index.json`,
      );
      expect(index.status).toBe(200);
      expect(index.body.skills).toEqual(expect.any(Array));
      expect(index.headers.get('cache-control')).toBe('private, no-store');
      const refused = await new TestClient(server).request(
        'GET',
        `/t/${chatter}/.well-known/skills/index.json`,
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('token_scope_missing');
      const unknown = await new TestClient(server).request(
        'GET',
        `/t/skd_${'A'.repeat(43)}/.well-known/skills/index.json`,
      );
      expect(unknown.status).toBe(401);
      for (const hostile of ['not-a-token', 'skd_..%2F..%2Fapi', `skd_${'a'.repeat(300)}`]) {
        const answer = await new TestClient(server).request(
          'GET',
          `/t/${hostile}/.well-known/skills/index.json`,
        );
        expect([400, 404]).toContain(answer.status);
      }
      // Only discovery answers through a link: the API is not reachable that way.
      const throughLink = await new TestClient(server).request('GET', `/t/${chatter}/api/conversations`);
      expect(throughLink.status).toBe(404);
      // The session cookie of the browser that follows a link is not what answers.
      const withCookie = await ursula.client.request('GET', `/t/${chatter}/.well-known/skills/index.json`);
      expect(withCookie.status).toBe(403);
    },
  );
});
