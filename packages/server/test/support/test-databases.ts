/**
 * The database backends every server test runs on (STYLE.md: the same contract suite on each
 * implementation): embedded PGlite always, and the PostgreSQL at 127.0.0.1:5432 when it answers —
 * in a throwaway database per test file, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { vi } from 'vitest';
import { type Database, openDatabase } from '../../src/index.js';

// Opening PGlite and migrating takes seconds, and far longer on a machine many share: give the
// hooks that do it room. A hang still fails; no test measures how long it took.
vi.setConfig({ hookTimeout: 180_000 });

/** The PostgreSQL server the tests use (trust auth, as on CI). */
export const POSTGRES_ADMIN_URL =
  process.env.SKILLDOCK_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether PostgreSQL answers; tests on it are skipped, visibly, when it does not. */
export const POSTGRES_AVAILABLE = await postgresReachable();
if (!POSTGRES_AVAILABLE) {
  console.warn(
    `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable: the PostgreSQL runs of the server tests are skipped`,
  );
}

/** A throwaway PostgreSQL database: its URL, and `drop()` to remove it (closing other sessions first). */
export async function createThrowawayPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `skilldock_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One backend of the contract suite. */
export interface TestBackend {
  readonly name: 'pglite' | 'postgres';
  /** Why the backend is skipped, or undefined when it runs. */
  readonly skip: string | undefined;
  /** Opens a fresh, empty database; `close()` also drops a PostgreSQL one. */
  open(): Promise<Database>;
}

/** PGlite (in memory) and PostgreSQL (a throwaway database), for `describe.each`. */
export const TEST_BACKENDS: readonly TestBackend[] = [
  { name: 'pglite', skip: undefined, open: () => openDatabase({ kind: 'pglite' }) },
  {
    name: 'postgres',
    skip: POSTGRES_AVAILABLE ? undefined : `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable`,
    open: async () => {
      const throwaway = await createThrowawayPostgres();
      const database = await openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 5 });
      return {
        ...database,
        close: async () => {
          await database.close();
          await throwaway.drop();
        },
      };
    },
  },
];
