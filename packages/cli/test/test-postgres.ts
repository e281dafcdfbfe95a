/** The PostgreSQL the CLI's multi-process tests use (trust auth, as on CI), and small helpers over it. */
import pg from 'pg';

export const POSTGRES_ADMIN_URL =
  process.env.SKILLDOCK_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

/** Whether PostgreSQL answers within two seconds. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one query on `url` (default the admin database) on a connection of its own; returns its rows. */
export async function queryPostgres<T>(
  text: string,
  values: unknown[] = [],
  url = POSTGRES_ADMIN_URL,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
