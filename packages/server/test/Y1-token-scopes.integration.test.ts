/**
 * API token scopes over every route (SPEC Y1; the exhaustive sweep of the integration tier, the
 * fast file is Y1-token-scopes.test.ts): on each route the table gives a scope, a token holding every
 * scope but that one is refused, and a token holding only that one gets past the scope check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenScope } from '../src/auth/token-scopes.js';
import { ROUTE_REQUIREMENTS } from '../src/http/route-scopes.js';
import { createApiToken, silentLogger, TOKEN_SCOPES } from '../src/index.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { openTestApp, type TestApp } from './support/test-app.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const SCOPE_CODES = ['token_scope_missing', 'token_read_only'];

/** A concrete URL for a route template: every parameter gets a well-formed value no row has. */
function concretePath(template: string): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_, name: string) =>
    name === 'path' ? 'SKILL.md' : name === 'file' ? 'nothing.zip' : '00000000-0000-4000-8000-000000000000',
  );
}

describe.each(TEST_BACKENDS)('API token scopes on every route on $name', (backend) => {
  let server: TestApp;
  let boss: TestPerson;
  const bearer = (token: string) => {
    const client = new TestClient(server);
    client.bearer = token;
    return client;
  };

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    server = await openTestApp({
      database: await backend.openMigrated(),
      logger: silentLogger,
      label: 'token-scopes-sweep',
    });
    boss = await addPerson(server, 'boss', 'superadmin');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server?.close();
  });

  it.skipIf(backend.skip)(
    'Y1 on every scoped route, a token without its scope is refused and one with only that scope gets through',
    async () => {
      const { db } = server.database;
      const only = new Map<TokenScope, TestClient>();
      const allBut = new Map<TokenScope, TestClient>();
      for (const scope of TOKEN_SCOPES) {
        only.set(
          scope,
          bearer((await createApiToken(db, { userId: boss.id, name: scope, scopes: [scope] })).token),
        );
        const others = TOKEN_SCOPES.filter((other) => other !== scope);
        allBut.set(
          scope,
          bearer((await createApiToken(db, { userId: boss.id, name: 'but', scopes: others })).token),
        );
      }
      const leaks: string[] = [];
      const blocked: string[] = [];
      let checked = 0;
      for (const [key, required] of Object.entries(ROUTE_REQUIREMENTS)) {
        if (!(TOKEN_SCOPES as readonly string[]).includes(required)) continue;
        const scope = required as TokenScope;
        const [method, template] = key.split(' ') as [string, string];
        const options = method === 'GET' ? {} : { json: {} };
        const refused = await allBut.get(scope)!.request(method, concretePath(template), options);
        if (refused.status !== 403 || !SCOPE_CODES.includes(refused.body?.error?.code))
          leaks.push(`${key}: ${refused.status} ${refused.body?.error?.code}`);
        const allowed = await only.get(scope)!.request(method, concretePath(template), options);
        if (allowed.status === 401 || SCOPE_CODES.includes(allowed.body?.error?.code))
          blocked.push(`${key}: ${allowed.status} ${allowed.body?.error?.code}`);
        checked += 1;
      }
      expect(leaks).toEqual([]);
      expect(blocked).toEqual([]);
      expect(checked).toBeGreaterThan(80);
    },
  );
});
