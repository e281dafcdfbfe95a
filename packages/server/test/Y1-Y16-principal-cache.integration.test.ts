/**
 * Who a session or token is, kept per process (SPEC Y1, Y16): every change that makes a kept
 * answer wrong — a revoked token, a logout, a disabled account, a new role, new departments — holds
 * for the very next request, on the server that made the change and on a second server (its own
 * connection pool) on the same PostgreSQL; a change written straight into the database, by no
 * server at all, too. A server whose listening connection is lost keeps nothing. Every check first
 * warms the cache on each server, so an answer kept past its change would pass the old access.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CachedPrincipal, PrincipalCache } from '../src/auth/principal-cache.js';
import {
  createServer,
  type Database,
  openDatabase,
  type Principal,
  type SkilldockServer,
  schema,
  silentLogger,
} from '../src/index.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import {
  createThrowawayPostgres,
  migratedPostgresTemplate,
  TEST_BACKENDS,
} from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

const ADMIN_PASSWORD = 'principal-cache-admin';
const DEPARTMENT = randomUUID();

describe.each(TEST_BACKENDS)('kept principals on $name', (backend) => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  const databases: Database[] = [];
  let servers: SkilldockServer[] = [];
  let dropPostgres: (() => Promise<void>) | undefined;
  let admin: TestClient;
  let users = 0;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('principal-cache');
    if (backend.name === 'postgres') {
      // Two servers with a pool each on one database: what two `skilldock serve` processes are.
      const throwaway = await createThrowawayPostgres({ template: await migratedPostgresTemplate() });
      dropPostgres = throwaway.drop;
      for (let index = 0; index < 2; index += 1) {
        databases.push(await openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 3 }));
      }
    } else {
      databases.push(await backend.openMigrated());
    }
    for (const database of databases) {
      servers.push(
        await createServer({
          database,
          passwordHashCost: TEST_PASSWORD_HASH_COST,
          dataDir: folder.path,
          builtinDir: '/nonexistent-builtin-folder',
          adminPassword: ADMIN_PASSWORD,
          logger: silentLogger,
        }),
      );
    }
    admin = new TestClient(servers[0]!);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe(200);
    const { db } = databases[0]!;
    await db.insert(schema.departments).values({ id: DEPARTMENT, name: 'Cache D1' });
    await db.insert(schema.skills).values({
      id: 'cache-team-skill',
      kind: 'shared',
      name: 'cache-team-skill',
      description: 'Cache D1 reads it.',
      readScope: 'departments',
    });
    await db
      .insert(schema.skillScopeMembers)
      .values({ skillId: 'cache-team-skill', scope: 'read', departmentId: DEPARTMENT });
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const database of databases) await database.close();
    servers = [];
    await dropPostgres?.();
    await folder?.remove();
  });

  /** A new account with a session (logged in on the first server) and a token of `access`. */
  async function newUser(role: 'user' | 'admin', access: 'read' | 'read-write' = 'read') {
    users += 1;
    const username = `cached-${users}`;
    const password = `cached-password-${users}`;
    const created = await admin.request('POST', '/api/admin/users', { json: { username, password, role } });
    expect(created.status).toBe(201);
    const browser = new TestClient(servers[0]!);
    expect((await browser.login(username, password)).status).toBe(200);
    const issued = await browser.request('POST', '/api/auth/tokens', { json: { name: 'cached', access } });
    expect(issued.status).toBe(201);
    return {
      id: created.body.user.id as string,
      session: browser,
      token: issued.body.token as string,
      tokenId: issued.body.apiToken.id as string,
    };
  }

  /** One client per server holding the same credential. */
  function everywhere(credential: { bearer?: string; cookie?: string }): TestClient[] {
    return servers.map((server) => {
      const client = new TestClient(server);
      client.bearer = credential.bearer;
      client.cookie = credential.cookie;
      return client;
    });
  }

  /** The statuses of `path` on every server, asked twice (the second answer comes from the cache). */
  async function warm(clients: readonly TestClient[], path: string): Promise<number[]> {
    const statuses: number[] = [];
    for (const client of clients) {
      await client.request('GET', path);
      statuses.push((await client.request('GET', path)).status);
    }
    return statuses;
  }

  const statuses = async (clients: readonly TestClient[], path: string) => {
    const answers: number[] = [];
    for (const client of clients) answers.push((await client.request('GET', path)).status);
    return answers;
  };

  const all = (status: number) => servers.map(() => status);

  it.skipIf(backend.skip)('a revoked token is refused by the next request on every server', async () => {
    const user = await newUser('user');
    const clients = everywhere({ bearer: user.token });
    expect(await warm(clients, '/api/auth/me')).toEqual(all(200));
    expect((await user.session.request('DELETE', `/api/auth/tokens/${user.tokenId}`)).status).toBe(204);
    expect(await statuses(clients, '/api/auth/me')).toEqual(all(401));
  });

  it.skipIf(backend.skip)('a logged-out session is refused by the next request on every server', async () => {
    const user = await newUser('user');
    const clients = everywhere({ cookie: user.session.cookie! });
    expect(await warm(clients, '/api/auth/me')).toEqual(all(200));
    expect((await user.session.request('POST', '/api/auth/logout')).status).toBe(204);
    expect(await statuses(clients, '/api/auth/me')).toEqual(all(401));
  });

  it.skipIf(backend.skip)(
    'a disabled account loses its sessions and tokens at once, on every server',
    async () => {
      const user = await newUser('user');
      const byToken = everywhere({ bearer: user.token });
      const bySession = everywhere({ cookie: user.session.cookie! });
      expect(await warm(byToken, '/api/skills')).toEqual(all(200));
      expect(await warm(bySession, '/api/auth/me')).toEqual(all(200));
      const disabled = await admin.request('PATCH', `/api/admin/users/${user.id}`, {
        json: { disabled: true },
      });
      expect(disabled.status).toBe(200);
      expect(await statuses(byToken, '/api/skills')).toEqual(all(401));
      expect(await statuses(bySession, '/api/auth/me')).toEqual(all(401));
    },
  );

  it.skipIf(backend.skip)('a role taken away holds for the next request on every server', async () => {
    const user = await newUser('admin');
    const clients = everywhere({ bearer: user.token });
    expect(await warm(clients, '/api/admin/users')).toEqual(all(200));
    expect(
      (await admin.request('PATCH', `/api/admin/users/${user.id}`, { json: { role: 'user' } })).status,
    ).toBe(200);
    expect(await statuses(clients, '/api/admin/users')).toEqual(all(403));
  });

  it.skipIf(backend.skip)('new departments show in the next listing on every server', async () => {
    const user = await newUser('user');
    const clients = everywhere({ bearer: user.token });
    const listings = async () => {
      const ids: string[][] = [];
      for (const client of clients) {
        const answer = await client.request('GET', '/api/skills');
        expect(answer.status).toBe(200);
        ids.push((answer.body.skills as { id: string }[]).map((skill) => skill.id));
      }
      return ids;
    };
    await listings();
    expect((await listings()).every((ids) => !ids.includes('cache-team-skill'))).toBe(true);
    const moved = await admin.request('PATCH', `/api/admin/users/${user.id}`, {
      json: { departmentIds: [DEPARTMENT] },
    });
    expect(moved.status).toBe(200);
    expect((await listings()).every((ids) => ids.includes('cache-team-skill'))).toBe(true);
  });

  it.skipIf(backend.skip)(
    'a revocation written straight into the database, by no server, holds at once',
    async () => {
      const user = await newUser('user');
      const clients = everywhere({ bearer: user.token });
      expect(await warm(clients, '/api/auth/me')).toEqual(all(200));
      await databases[databases.length - 1]!.db.execute(
        sql`update api_tokens set revoked_at = now() where id = ${user.tokenId}`,
      );
      expect(await statuses(clients, '/api/auth/me')).toEqual(all(401));
    },
  );

  it.skipIf(backend.skip !== undefined || backend.name !== 'postgres')(
    'a server whose listening connection is cut keeps nothing, and listens again',
    async () => {
      const user = await newUser('user');
      const clients = everywhere({ bearer: user.token });
      expect(await warm(clients, '/api/auth/me')).toEqual(all(200));
      const { db } = databases[0]!;
      // Cut every listening connection, then revoke: no server may fall back on what it kept.
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query in ('LISTEN "skilldock_auth"', 'select 1')`,
      );
      await db.execute(sql`update api_tokens set revoked_at = now() where id = ${user.tokenId}`);
      expect(await statuses(clients, '/api/auth/me')).toEqual(all(401));
      // After reconnecting (every second), a new token is kept again and still refused once revoked.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const listening = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query in ('LISTEN "skilldock_auth"', 'select 1')`,
      );
      expect((listening as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThanOrEqual(
        servers.length,
      );
      const again = await user.session.request('POST', '/api/auth/tokens', {
        json: { name: 'again', access: 'read' },
      });
      const renewed = everywhere({ bearer: again.body.token });
      expect(await warm(renewed, '/api/auth/me')).toEqual(all(200));
      expect(
        (await user.session.request('DELETE', `/api/auth/tokens/${again.body.apiToken.id}`)).status,
      ).toBe(204);
      expect(await statuses(renewed, '/api/auth/me')).toEqual(all(401));
    },
  );
});

describe('PrincipalCache', () => {
  const principal = (id: string): CachedPrincipal => ({
    principal: {
      via: 'token',
      accessGeneration: '1',
      viewer: { id, username: id, role: 'user', departmentIds: [] },
      tokenId: id,
      access: 'read',
    } satisfies Principal,
  });
  const listening = () => {
    const cache = new PrincipalCache(2);
    cache.useBarrier(async () => true);
    cache.setListening(true);
    return cache;
  };

  it('keeps answers while it listens, forgets them on a notification, and evicts the oldest', async () => {
    const cache = listening();
    let loads = 0;
    const load = (id: string) => async () => {
      loads += 1;
      return principal(id);
    };
    await cache.resolve('a', load('a'));
    await cache.resolve('a', load('a'));
    expect(loads).toBe(1);
    cache.invalidate();
    await cache.resolve('a', load('a'));
    expect(loads).toBe(2);
    await cache.resolve('b', load('b'));
    await cache.resolve('c', load('c'));
    expect(cache.size).toBe(2);
    await cache.resolve('a', load('a'));
    expect(loads).toBe(5);
  });

  it('does not keep a load that a notification overtook', async () => {
    const cache = listening();
    let release: () => void = () => {};
    const slow = cache.resolve(
      'a',
      () =>
        new Promise<CachedPrincipal>((resolve) => {
          release = () => resolve(principal('a'));
        }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate();
    release();
    await slow;
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while not listening, when the barrier fails, or past a session’s expiry', async () => {
    const silent = new PrincipalCache(10);
    silent.useBarrier(async () => true);
    await silent.resolve('a', async () => principal('a'));
    expect(silent.size).toBe(0);

    const unsure = new PrincipalCache(10);
    unsure.setListening(true);
    unsure.useBarrier(async () => false);
    await unsure.resolve('a', async () => principal('a'));
    expect(unsure.size).toBe(0);

    const cache = listening();
    let loads = 0;
    const expiring = async () => {
      loads += 1;
      return { ...principal('s'), expiresAt: Date.now() - 1 };
    };
    await cache.resolve('s', expiring);
    await cache.resolve('s', expiring);
    expect(loads).toBe(2);
  });
});
