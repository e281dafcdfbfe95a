/**
 * SPEC Y1 sign-in limits, counted in the database so every server process shares them: failures are
 * limited per (account, source address) with a doubling backoff, so an attacker's wrong passwords
 * lock out only the attacker's own source, never the right password from a fresh source; past a
 * high per-account ceiling every source that has failed gets one try per backoff, and a source
 * spraying many accounts is stopped. On PGlite and PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

const LIMIT = { perSource: 5, perAccount: 12, perAddress: 20, windowSeconds: 900, backoffSeconds: 30 };

describe.each(TEST_BACKENDS)('Y1 sign-in limits on $name', (backend) => {
  let server: SkilldockServer;
  let other: SkilldockServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let superadmin: TestClient;

  /** A login from `address` (the proxy's X-Forwarded-For, trusted here); its status and Retry-After. */
  const login = async (username: string, password: string, address: string, on = server) => {
    const answer = await new TestClient(on).login(username, password, { 'x-forwarded-for': address });
    return { status: answer.status, retryAfter: Number(answer.headers.get('retry-after') ?? 0) };
  };
  const addUser = async (username: string) => {
    const created = await superadmin.request('POST', '/api/admin/users', {
      json: { username, password: `${username}-right-password`, role: 'user' },
    });
    expect(created.status).toBe(201);
    return `${username}-right-password`;
  };
  /** Moves an account's attempts `seconds` into the past, as if that much time had gone by. */
  const age = (account: string, seconds: number) =>
    server.database.db
      .update(schema.loginAttempts)
      .set({ attemptedAt: sql`${schema.loginAttempts.attemptedAt} - make_interval(secs => ${seconds})` })
      .where(eq(schema.loginAttempts.account, account));

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('y1-rate');
    const common = {
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      dataDir: folder.path,
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'rate-admin-password',
      logger: silentLogger,
      trustProxy: true,
      loginRateLimit: LIMIT,
    };
    server = await createServer({ ...common, database: await backend.openMigrated() });
    // A second server process on the same database: the limits are the database's, not a process's.
    other = await createServer({ ...common, database: server.database, runs: { worker: false } });
    superadmin = new TestClient(server);
    expect((await superadmin.login('admin', 'rate-admin-password')).status).toBe(200);
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await other.stop();
    await server.stop();
    await server.database.close();
    await folder.remove();
  });

  it.skipIf(backend.skip)(
    "Y1 an attacker's wrong passwords lock out only the attacker's source: the right password from a fresh source gets in",
    async () => {
      const right = await addUser('victim');
      const attacker = [];
      for (let attempt = 0; attempt < 7; attempt++)
        attacker.push((await login('victim', 'guess', '203.0.113.66')).status);
      expect(attacker).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // The attacker's source stays refused even with the right password…
      expect((await login('victim', right, '203.0.113.66')).status).toBe(429);
      // …and the real user, from anywhere else, is never locked out.
      expect((await login('victim', right, '198.51.100.7')).status).toBe(200);
      expect((await login('victim', right, '198.51.100.8', other)).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 a failing source backs off, doubling: it may try again after Retry-After, and a retry too soon waits longer',
    async () => {
      await addUser('backoff');
      const source = '203.0.113.7';
      for (let attempt = 0; attempt < LIMIT.perSource; attempt++)
        expect((await login('backoff', 'guess', source)).status).toBe(401);
      const refused = await login('backoff', 'guess', source);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThanOrEqual(LIMIT.backoffSeconds);
      expect(refused.retryAfter).toBeLessThan(LIMIT.windowSeconds);
      // Waiting as told lets one more try through (time moved on in the database).
      await age('backoff', refused.retryAfter);
      expect((await login('backoff', 'guess', source)).status).toBe(401);
      const again = await login('backoff', 'guess', source);
      expect(again.status).toBe(429);
      expect(again.retryAfter).toBeGreaterThan(refused.retryAfter);
      // Never longer than the window.
      for (let attempt = 0; attempt < 6; attempt++) await login('backoff', 'guess', source);
      expect((await login('backoff', 'guess', source)).retryAfter).toBeLessThanOrEqual(LIMIT.windowSeconds);
      // After the window nothing of it is left.
      await age('backoff', LIMIT.windowSeconds + 1);
      expect((await login('backoff', 'guess', source)).status).toBe(401);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 past the per-account ceiling every source that has failed gets one try per backoff; a fresh source still signs in with the right password',
    async () => {
      const right = await addUser('ceiling');
      // Under the ceiling a source that failed once has tries left.
      expect((await login('ceiling', 'guess', '192.0.2.1')).status).toBe(401);
      expect((await login('ceiling', 'guess', '192.0.2.1')).status).toBe(401);
      // Many sources, one or two guesses each, reach the account's ceiling…
      for (let source = 2; source <= LIMIT.perAccount - 1; source++)
        expect((await login('ceiling', 'guess', `192.0.2.${source}`)).status).toBe(401);
      // …after which a source that failed before is held back at once,
      const held = await login('ceiling', 'guess', '192.0.2.2');
      expect(held.status).toBe(429);
      expect(held.retryAfter).toBeGreaterThan(0);
      // a fresh one gets a single try,
      expect((await login('ceiling', 'guess', '192.0.2.200')).status).toBe(401);
      expect((await login('ceiling', 'guess', '192.0.2.200')).status).toBe(429);
      // and the right password from a fresh source is never locked out.
      expect((await login('ceiling', right, '198.51.100.99')).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 one source trying many accounts is stopped; other sources are not',
    async () => {
      const statuses = [];
      for (let account = 0; account <= LIMIT.perAddress; account++)
        statuses.push((await login(`spray-${account}`, 'guess', '203.0.113.99')).status);
      expect(statuses.slice(0, LIMIT.perAddress).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await login('spray-0', 'guess', '203.0.113.100')).status).toBe(401);
    },
  );

  it.skipIf(backend.skip)(
    "Y1 signing in clears the source's failures for that account; they are counted in the database",
    async () => {
      const right = await addUser('typo');
      const source = '198.51.100.50';
      for (let attempt = 0; attempt < LIMIT.perSource - 1; attempt++)
        expect((await login('typo', 'typo', source, attempt % 2 === 0 ? server : other)).status).toBe(401);
      expect((await login('typo', right, source)).status).toBe(200);
      const left = await server.database.db
        .select()
        .from(schema.loginAttempts)
        .where(
          and(
            eq(schema.loginAttempts.account, 'typo'),
            eq(schema.loginAttempts.address, source),
            eq(schema.loginAttempts.succeeded, false),
          ),
        );
      expect(left).toHaveLength(0);
      for (let attempt = 0; attempt < LIMIT.perSource; attempt++)
        expect((await login('typo', 'typo', source, other)).status).toBe(401);
      expect((await login('typo', 'typo', source)).status).toBe(429);
    },
  );
});
