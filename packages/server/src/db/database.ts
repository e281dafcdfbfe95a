import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DataFolderLock } from './lock-data-folder.js';
import type * as schema from './schema.js';

/** The Drizzle handle every query goes through, whichever driver is underneath. */
export type SkilldockDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle from {@link SkilldockDatabase.transaction}: the same query API. */
export type SkilldockTransaction = Parameters<Parameters<SkilldockDatabase['transaction']>[0]>[0];

/** An open database: embedded PGlite or a PostgreSQL pool, with the schema's Drizzle handle. */
export interface Database {
  /** `pglite` (embedded, one process) or `postgres` (`DATABASE_URL`, any number of processes). */
  readonly kind: 'pglite' | 'postgres';
  readonly db: SkilldockDatabase;
  /**
   * Listens on a notification channel (what any process's committed `pg_notify` sends): `onNotify`
   * runs for each notification; `onListening(false)` says notifications may be missed from now on
   * (the connection dropped; it reconnects every second) and `onListening(true)` that they arrive
   * (again). Resolves once the first attempt is done.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelListener>;
  /**
   * The embedded database folder's lock (SPEC SEC12), when this process opened PGlite in a
   * folder: a server records its port in it, so a second process is told who holds the folder.
   */
  readonly folderLock?: DataFolderLock;
  /** Closes the connection pool or the embedded database; safe to call twice. */
  close(): Promise<void>;
}

/** What {@link Database.listen} calls. */
export interface ChannelHandlers {
  onNotify(): void;
  onListening(listening: boolean): void;
}

/** A running {@link Database.listen}. */
export interface ChannelListener {
  /**
   * Resolves true once every notification committed before the call has reached `onNotify`, false
   * when that cannot be known (not listening). Concurrent calls share one round trip on PostgreSQL.
   */
  barrier(): Promise<boolean>;
  stop(): Promise<void>;
}

/** Where the database is: embedded PGlite (in a folder, or in memory without one) or a PostgreSQL URL. */
export type DatabaseOptions =
  | { readonly kind: 'pglite'; readonly dataDir?: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly maxConnections?: number };
