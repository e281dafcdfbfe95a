import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServer,
  type Database,
  openDatabase,
  runMigrations,
  schema,
  silentLogger,
} from '../src/index.js';
import { createThrowawayPostgres, describeOnPostgres, TEST_BACKENDS } from './support/test-databases.js';

const journal = JSON.parse(
  await readFile(new URL('../migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: { tag: string }[];
};

describe.each(TEST_BACKENDS)('Y12 storage on $name', (backend) => {
  // One database per backend for the whole file: opening PGlite is the slow part.
  let database: Database;
  beforeAll(async () => {
    if (backend.skip === undefined) database = await backend.open();
  });
  afterAll(async () => {
    if (backend.skip === undefined) await database.close();
  });

  it.skipIf(backend.skip)('Y12 applies every committed migration once and records it', async () => {
    const first = await runMigrations(database);
    expect(first.applied).toEqual(journal.entries.map((entry) => entry.tag));
    expect(await runMigrations(database)).toEqual({ applied: [] });
    const tables = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
    for (const table of [
      'users',
      'departments',
      'memberships',
      'sessions',
      'api_tokens',
      'login_attempts',
      'skills',
      'skill_scope_members',
      'drafts',
      'audit_log',
      'settings',
    ]) {
      expect(names).toContain(table);
    }
    const events = await database.db.select().from(schema.systemEvents);
    expect(events.filter((event) => event.kind === 'migrations')).toHaveLength(1);
  });

  it.skipIf(backend.skip)(
    'Y12 refuses to start when an applied migration was edited afterwards',
    async () => {
      await runMigrations(database);
      const [applied] = (
        (await database.db.execute(
          sql`select tag, hash from skilldock_migrations order by tag limit 1`,
        )) as unknown as {
          rows: { tag: string; hash: string }[];
        }
      ).rows;
      await database.db.execute(
        sql`update skilldock_migrations set hash = 'edited' where tag = ${applied!.tag}`,
      );
      try {
        await expect(runMigrations(database)).rejects.toMatchObject({ code: 'migration_changed' });
      } finally {
        await database.db.execute(
          sql`update skilldock_migrations set hash = ${applied!.hash} where tag = ${applied!.tag}`,
        );
      }
      expect(await runMigrations(database)).toEqual({ applied: [] });
    },
  );

  it.skipIf(backend.skip)(
    'Y12 the database enforces the schema: roles, kinds and one subject per scope row',
    async () => {
      await runMigrations(database);
      await expect(
        database.db
          .insert(schema.users)
          .values({ id: 'u', username: 'u', displayName: 'u', role: 'root' as 'user', passwordHash: 'x' }),
      ).rejects.toThrow();
      await expect(
        database.db
          .insert(schema.skills)
          .values({ id: 'k', kind: 'personal' as 'shared', name: 'k', description: 'd' }),
      ).rejects.toThrow();
      await database.db
        .insert(schema.skills)
        .values({ id: 's', kind: 'shared', name: 's', description: 'd' });
      await expect(
        database.db.insert(schema.skillScopeMembers).values({ skillId: 's', scope: 'read' }),
      ).rejects.toThrow();
    },
  );
});

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describeOnPostgres('Y16 start-up on one PostgreSQL from many processes', () => {
  it('Y16 concurrent start-ups migrate once and create one superadmin', async () => {
    const throwaway = await createThrowawayPostgres();
    const databases = await Promise.all(
      Array.from({ length: 3 }, () =>
        openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 2 }),
      ),
    );
    try {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'skilldock-y16-'));
      folders.push(dataDir);
      const results = await Promise.all(
        databases.map((database) =>
          createServer({
            database,
            dataDir,
            builtinDir: '/nonexistent-builtin-folder',
            logger: silentLogger,
          }),
        ),
      );
      expect(results.map((server) => server.startup.migrations.applied.length).sort()).toEqual([
        0,
        0,
        journal.entries.length,
      ]);
      expect(results.filter((server) => server.startup.superadmin.created)).toHaveLength(1);
      const superadmins = await databases[0]!.db.select().from(schema.users);
      expect(superadmins).toHaveLength(1);
    } finally {
      for (const database of databases) await database.close();
      await throwaway.drop();
    }
  });
});
