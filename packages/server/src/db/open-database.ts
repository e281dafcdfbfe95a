import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, DatabaseOptions, SkilldockDatabase } from './database.js';
import { listenOnPostgres } from './listen-on-postgres.js';
import { type DataFolderLock, lockDataFolder } from './lock-data-folder.js';
import * as schema from './schema.js';

/**
 * Opens the platform database (SPEC Y12): embedded PGlite in `dataDir` (created when missing; in memory without one) or
 * a PostgreSQL pool on `url`. The drivers are imported here, on first use, so a process that uses
 * one never loads the other. Migrations are not run: see `runMigrations`.
 * @example
 * const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
 * await database.close();
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    if (options.dataDir === undefined) {
      const client = new PGlite();
      await client.waitReady;
      return pgliteDatabase(client);
    }
    // One process per folder (SPEC SEC12): taken before PGlite reads a byte of it.
    const lock = await lockDataFolder(options.dataDir);
    try {
      await mkdir(options.dataDir, { recursive: true });
      const client = new PGlite(options.dataDir);
      await client.waitReady;
      return await pgliteDatabase(client, lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as SkilldockDatabase;
  return {
    kind: 'postgres',
    db,
    listen: (channel, handlers) => listenOnPostgres(pg, options.url, channel, handlers),
    close: once(() => pool.end()),
  };
}

/**
 * The {@link Database} over a ready PGlite client (however it was made); `close()` closes the
 * client, once, then releases `folderLock` (the folder's {@link lockDataFolder}) when given.
 */
export async function pgliteDatabase(client: PGlite, folderLock?: DataFolderLock): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema }) as unknown as SkilldockDatabase;
  return {
    kind: 'pglite',
    db,
    // One process holds the embedded database, and PGlite queues a commit's notifications for the
    // listeners while it reads the commit's own answer, before the committer's await resumes:
    // nothing committed is still on its way.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, () => handlers.onNotify());
      let listening = true;
      handlers.onListening(true);
      return {
        barrier: async () => listening,
        stop: async () => {
          if (!listening) return;
          listening = false;
          handlers.onListening(false);
          if (!client.closed) await unlisten();
        },
      };
    },
    ...(folderLock === undefined ? {} : { folderLock }),
    close: once(async () => {
      try {
        await client.close();
      } finally {
        await folderLock?.release();
      }
    }),
  };
}

/** `close` that runs the first time it is called; later calls resolve at once. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    await close();
  };
}
