/**
 * The access generation and the "skills I can read" cache built on it (SPEC Y3, Y16): any change
 * to who may read what — a skill, its scope members, a user, a department, a membership — moves
 * the generation once per transaction, at commit, so a cached listing is never served after the
 * change, in this process or another one on the same database. And a token's use is written at
 * most once a minute, so reading with a token costs no write.
 */
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/auth/sessions.js';
import {
  createApiToken,
  createServer,
  type Database,
  type SkilldockServer,
  schema,
  silentLogger,
} from '../src/index.js';
import { AccessGenerationCache } from '../src/policy/access-generation-cache.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

async function generation(server: SkilldockServer): Promise<number> {
  const result = await server.database.db.execute(sql`select value from access_generation where id = 1`);
  return Number((result as unknown as { rows: { value: string | number }[] }).rows[0]?.value);
}

describe.each(TEST_BACKENDS)('Y3 access generation on $name', (backend) => {
  let database: Database;
  let server: SkilldockServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let reader: TestClient;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('access-generation');
    database = await backend.openMigrated();
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database,
      dataDir: folder.path,
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'generation-admin-password',
      logger: silentLogger,
    });
    const { db } = server.database;
    await db.insert(schema.departments).values({ id: 'd1', name: 'D1' });
    await db
      .insert(schema.users)
      .values({ id: 'reader', username: 'reader', displayName: 'Reader', role: 'user', passwordHash: 'x' });
    await db.insert(schema.skills).values([
      { id: 'open-skill', kind: 'shared', name: 'open-skill', description: 'Everyone reads it.' },
      {
        id: 'team-skill',
        kind: 'shared',
        name: 'team-skill',
        description: 'D1 reads it.',
        readScope: 'departments',
      },
    ]);
    await db
      .insert(schema.skillScopeMembers)
      .values({ skillId: 'team-skill', scope: 'read', departmentId: 'd1' });
    reader = new TestClient(server);
    reader.bearer = (await createApiToken(db, { userId: 'reader', name: 'test', access: 'read' })).token;
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await folder?.remove();
  });

  const listed = async (client: TestClient) => {
    const answer = await client.request('GET', '/api/skills');
    expect(answer.status).toBe(200);
    return (answer.body.skills as { id: string }[]).map((skill) => skill.id);
  };

  it.skipIf(backend.skip !== undefined)(
    'moves once per transaction that touches a tracked table, and not on reads',
    async () => {
      const { db } = server.database;
      const before = await generation(server);
      await listed(reader);
      await listed(reader);
      expect(await generation(server)).toBe(before);
      await db.transaction(async (tx) => {
        await tx
          .update(schema.skills)
          .set({ description: 'Changed.' })
          .where(eq(schema.skills.id, 'open-skill'));
        await tx
          .update(schema.skills)
          .set({ description: 'Changed too.' })
          .where(eq(schema.skills.id, 'team-skill'));
        await tx.insert(schema.departments).values({ id: 'd2', name: 'D2' });
      });
      expect(await generation(server)).toBe(before + 1);
      const steps: [string, () => Promise<unknown>][] = [
        [
          'skills',
          () => db.update(schema.skills).set({ enabled: true }).where(eq(schema.skills.id, 'open-skill')),
        ],
        [
          'skill_scope_members',
          () =>
            db
              .insert(schema.skillScopeMembers)
              .values({ skillId: 'team-skill', scope: 'read', departmentId: 'd2' }),
        ],
        [
          'users',
          () => db.update(schema.users).set({ displayName: 'R' }).where(eq(schema.users.id, 'reader')),
        ],
        [
          'departments',
          () =>
            db.update(schema.departments).set({ name: 'D2 renamed' }).where(eq(schema.departments.id, 'd2')),
        ],
        ['memberships', () => db.insert(schema.memberships).values({ userId: 'reader', departmentId: 'd2' })],
        [
          'memberships delete',
          () => db.delete(schema.memberships).where(eq(schema.memberships.userId, 'reader')),
        ],
      ];
      for (const [table, change] of steps) {
        const at = await generation(server);
        await change();
        expect(await generation(server), table).toBe(at + 1);
      }
      // A transaction that rolls back leaves the generation where it was.
      const at = await generation(server);
      await expect(
        db.transaction(async (tx) => {
          await tx.update(schema.skills).set({ enabled: false }).where(eq(schema.skills.id, 'open-skill'));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await generation(server)).toBe(at);
    },
  );

  it.skipIf(backend.skip !== undefined)(
    'never serves a cached listing after a scope, membership or skill change',
    async () => {
      const { db } = server.database;
      expect(await listed(reader)).toEqual(['open-skill']);
      await db.insert(schema.memberships).values({ userId: 'reader', departmentId: 'd1' });
      expect(await listed(reader)).toEqual(['open-skill', 'team-skill']);
      await db.delete(schema.skillScopeMembers).where(eq(schema.skillScopeMembers.skillId, 'team-skill'));
      expect(await listed(reader)).toEqual(['open-skill']);
      await db.update(schema.skills).set({ enabled: false }).where(eq(schema.skills.id, 'open-skill'));
      expect(await listed(reader)).toEqual([]);
      await db.update(schema.skills).set({ enabled: true }).where(eq(schema.skills.id, 'open-skill'));
      await db.update(schema.users).set({ disabled: true }).where(eq(schema.users.id, 'reader'));
      expect((await reader.request('GET', '/api/skills')).status).toBe(401);
      await db.update(schema.users).set({ disabled: false }).where(eq(schema.users.id, 'reader'));
      expect(await listed(reader)).toEqual(['open-skill']);
    },
  );

  it.skipIf(backend.skip !== undefined)(
    'a second server on the same database sees the change too',
    async () => {
      if (backend.name === 'pglite') return; // one process per PGlite database; two servers share PostgreSQL
      const other = await createServer({
        passwordHashCost: TEST_PASSWORD_HASH_COST,
        database,
        dataDir: folder.path,
        builtinDir: '/nonexistent-builtin-folder',
        logger: silentLogger,
      });
      try {
        const elsewhere = new TestClient(other);
        elsewhere.bearer = reader.bearer;
        const before = await listed(elsewhere);
        await listed(elsewhere);
        await server.database.db
          .update(schema.skills)
          .set({ enabled: false })
          .where(eq(schema.skills.id, 'open-skill'));
        expect(await listed(elsewhere)).toEqual(before.filter((id) => id !== 'open-skill'));
        await server.database.db
          .update(schema.skills)
          .set({ enabled: true })
          .where(eq(schema.skills.id, 'open-skill'));
      } finally {
        await other.stop();
      }
    },
  );

  it.skipIf(backend.skip !== undefined)(
    'answers 304 to a matching If-None-Match, and a new ETag after a change',
    async () => {
      const first = await reader.request('GET', '/api/skills');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const again = await reader.request('GET', '/api/skills', { headers: { 'if-none-match': `W/${etag}` } });
      expect(again.status).toBe(304);
      expect(again.body).toBeNull();
      await server.database.db
        .update(schema.skills)
        .set({ description: 'Changed once more.' })
        .where(eq(schema.skills.id, 'open-skill'));
      const changed = await reader.request('GET', '/api/skills', { headers: { 'if-none-match': etag! } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(changed.body.skills[0].description).toBe('Changed once more.');
    },
  );

  it.skipIf(backend.skip !== undefined)(
    'gzips the listing for a caller that accepts it, with its own ETag',
    async () => {
      const plain = await reader.request('GET', '/api/skills');
      const response = await server.app.request('/api/skills', {
        headers: { authorization: `Bearer ${reader.bearer}`, 'accept-encoding': 'br;q=1, gzip;q=0.8' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const gzipEtag = response.headers.get('etag');
      expect(gzipEtag).toBe(`${plain.headers.get('etag')!.slice(0, -1)}-gzip"`);
      expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'))).toEqual(
        plain.body,
      );
      const refused = await server.app.request('/api/skills', {
        headers: { authorization: `Bearer ${reader.bearer}`, 'accept-encoding': 'gzip;q=0, identity' },
      });
      expect(refused.headers.get('content-encoding')).toBeNull();
      expect(await refused.json()).toEqual(plain.body);
      const unchanged = await server.app.request('/api/skills', {
        headers: {
          authorization: `Bearer ${reader.bearer}`,
          'accept-encoding': 'gzip',
          'if-none-match': gzipEtag!,
        },
      });
      expect(unchanged.status).toBe(304);
    },
  );

  it.skipIf(backend.skip !== undefined)('sessions carry the generation as well', async () => {
    const session = await createSession(server.database.db, 'reader');
    const browser = new TestClient(server);
    browser.cookie = `skilldock_session=${session.secret}`;
    expect(await listed(browser)).toEqual(await listed(reader));
  });

  it.skipIf(backend.skip !== undefined)('writes a token’s last use at most once a minute', async () => {
    const { db } = server.database;
    const { id, token } = await createApiToken(db, { userId: 'reader', name: 'use', access: 'read' });
    const client = new TestClient(server);
    client.bearer = token;
    const lastUsed = async () =>
      (
        await db
          .select({ at: schema.apiTokens.lastUsedAt })
          .from(schema.apiTokens)
          .where(eq(schema.apiTokens.id, id))
      )[0]?.at;
    expect(await lastUsed()).toBeNull();
    await listed(client);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await listed(client);
    expect(await lastUsed()).toEqual(first);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await db.update(schema.apiTokens).set({ lastUsedAt: longAgo }).where(eq(schema.apiTokens.id, id));
    await listed(client);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(longAgo.getTime());
  });
});

describe('AccessGenerationCache', () => {
  it('serves an entry only at its generation and drops the least recently used beyond capacity', async () => {
    const cache = new AccessGenerationCache<string>(2);
    let computed = 0;
    const compute = (value: string) => async () => {
      computed += 1;
      return value;
    };
    expect(await cache.get('a', '1', compute('a@1'))).toBe('a@1');
    expect(await cache.get('a', '1', compute('never'))).toBe('a@1');
    expect(await cache.get('a', '2', compute('a@2'))).toBe('a@2');
    expect(computed).toBe(2);
    await cache.get('b', '2', compute('b@2'));
    await cache.get('a', '2', compute('never'));
    await cache.get('c', '2', compute('c@2'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', '2', compute('never'))).toBe('a@2');
    expect(await cache.get('b', '2', compute('b again'))).toBe('b again');
    expect(computed).toBe(5);
  });
});
