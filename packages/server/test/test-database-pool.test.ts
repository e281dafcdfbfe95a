/**
 * The fast tier's migrated PGlite pool (test/support/test-databases.ts): a file's database, once
 * closed, is emptied and lent to the next file. Its reset failed on every file for a while (seeded
 * identity columns refused explicit ids) and the failure was swallowed, so each file loaded a new
 * PGlite from the dump; these tests keep the reuse and its emptiness honest.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from './support/test-databases.js';

const pglite = TEST_BACKENDS.find((backend) => backend.name === 'pglite');

async function countOf(
  database: Awaited<ReturnType<NonNullable<typeof pglite>['openMigrated']>>,
  query: string,
) {
  const result = await database.db.execute(sql.raw(query));
  return Number((result.rows[0] as { count: string | number }).count);
}

describe.skipIf(pglite === undefined)('the migrated PGlite pool', () => {
  it('lends a closed database again, emptied back to the template, with identity sequences past the seeds', async () => {
    const first = await pglite!.openMigrated();
    const seededEvents = await countOf(first, 'select count(*) as count from system_events');
    const seededMigrations = await countOf(first, 'select count(*) as count from skilldock_migrations');
    await first.db.execute(
      sql`insert into users (id, username, display_name, role, password_hash) values ('u1', 'pool-user', 'Pool', 'user', 'x')`,
    );
    await first.db.execute(sql`insert into system_events (kind) values ('pool-test')`);
    const clientOfFirst = (first.db as unknown as { $client: unknown }).$client;
    expect(clientOfFirst).toBeDefined();
    await first.close();

    const second = await pglite!.openMigrated();
    try {
      expect((second.db as unknown as { $client: unknown }).$client).toBe(clientOfFirst);
      expect(await countOf(second, "select count(*) as count from users where username = 'pool-user'")).toBe(
        0,
      );
      expect(
        await countOf(second, "select count(*) as count from system_events where kind = 'pool-test'"),
      ).toBe(0);
      expect(await countOf(second, 'select count(*) as count from system_events')).toBe(seededEvents);
      expect(await countOf(second, 'select count(*) as count from skilldock_migrations')).toBe(
        seededMigrations,
      );
      // A new row takes an id past every seeded one instead of colliding with it.
      await second.db.execute(sql`insert into system_events (kind) values ('after-reset')`);
      expect(await countOf(second, 'select count(*) as count from system_events')).toBe(seededEvents + 1);
    } finally {
      await second.close();
    }
  });
});
