/**
 * The database backends every server test runs on (STYLE.md: the same contract suite on each
 * implementation): embedded PGlite always, and the PostgreSQL at 127.0.0.1:5432 when it answers —
 * in a throwaway database per test file, dropped afterwards.
 *
 * Making a database is the slow part of a server test (PGlite's initdb takes seconds, migrating
 * more), so each backend starts from a template made once per machine and reused by every file:
 * PGlite loads a data-folder dump (`loadDataDir`) kept under the temp folder, PostgreSQL copies a
 * template database (`CREATE DATABASE … TEMPLATE`). Templates are keyed by the PGlite version and
 * the migrations (and the code that applies them), so a changed migration never meets a stale one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, vi } from 'vitest';
import { pgliteDatabase } from '../../src/db/open-database.js';
import { type Database, openDatabase, runMigrations, silentLogger } from '../../src/index.js';
import { startRunQueue } from '../../src/runs/run-queue.js';

// Opening PGlite and migrating takes seconds, and far longer on a machine many share: give the
// hooks that do it room. A hang still fails; no test measures how long it took.
vi.setConfig({ hookTimeout: 180_000 });

/** The PostgreSQL server the tests use (trust auth, as on CI). */
export const POSTGRES_ADMIN_URL =
  process.env.SKILLDOCK_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

/**
 * Which backends this run tests on, from `SKILLDOCK_TEST_DATABASES` (vitest.config.ts sets it per
 * project): `pglite` in the fast tier, `postgres` for the full tier's second pass of the same
 * contract suites, `all` (the default, e.g. one file run by hand) for both.
 */
function selectedBackends(): ReadonlySet<'pglite' | 'postgres'> {
  const selection = process.env.SKILLDOCK_TEST_DATABASES ?? 'all';
  if (selection === 'pglite' || selection === 'postgres') return new Set([selection]);
  if (selection === 'all') return new Set(['pglite', 'postgres']);
  throw new Error(
    `SKILLDOCK_TEST_DATABASES must be pglite, postgres or all, not ${JSON.stringify(selection)}`,
  );
}

const SELECTED_BACKENDS = selectedBackends();

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

/**
 * Whether this run tests on PostgreSQL and it answers; tests on it are skipped, visibly, when it is
 * selected but does not answer. The fast tier never connects.
 */
export const POSTGRES_AVAILABLE = SELECTED_BACKENDS.has('postgres') && (await postgresReachable());
if (SELECTED_BACKENDS.has('postgres') && !POSTGRES_AVAILABLE) {
  console.warn(
    `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable: the PostgreSQL runs of the server tests are skipped`,
  );
}

/**
 * `describe` for a PostgreSQL-only suite (several servers on one database, say): declared only when
 * this run tests on PostgreSQL (so the PGlite-only fast tier does not list it), skipped with the
 * reason when PostgreSQL is selected but unreachable.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (!SELECTED_BACKENDS.has('postgres')) return;
  describe.skipIf(!POSTGRES_AVAILABLE)(name, suite);
}

/** The URL of database `name` on the test PostgreSQL server. */
function postgresUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` with an admin connection to the test PostgreSQL server, closed afterwards. */
async function withPostgresAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A throwaway PostgreSQL database: its URL, and `drop()` to remove it (closing other sessions
 * first). Empty, or a copy of `template` (see {@link migratedPostgresTemplate}).
 */
export async function createThrowawayPostgres(
  options: { readonly template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `skilldock_test_${randomBytes(6).toString('hex')}`;
  await withPostgresAdmin((admin) =>
    admin.query(
      options.template === undefined
        ? `create database ${name}`
        : `create database ${name} template ${pg.escapeIdentifier(options.template)}`,
    ),
  );
  return {
    url: postgresUrl(name),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * What a migrated template holds: every committed migration, and the run queue's pg-boss schema
 * and queue (which every server start-up creates when missing: seconds on PGlite per test file).
 */
async function migrateWithRunQueue(database: Database): Promise<void> {
  await runMigrations(database);
  const queue = await startRunQueue(database, silentLogger);
  await queue.stop();
}

/**
 * What a template depends on: the committed migrations, the code that applies them, and the
 * pg-boss version and queue set-up in it.
 */
async function migrationsKey(): Promise<string> {
  const folder = new URL('../../migrations/', import.meta.url);
  const hash = createHash('sha256');
  const files = [
    ...(await readdir(folder)).filter((name) => name.endsWith('.sql')).sort(),
    'meta/_journal.json',
  ];
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(await readFile(new URL(file, folder)));
  hash.update(await readFile(new URL('../../src/db/run-migrations.ts', import.meta.url)));
  hash.update(await readFile(new URL('../../src/runs/run-queue.ts', import.meta.url)));
  hash.update(await readFile(createRequire(import.meta.url).resolve('pg-boss/package.json')));
  return hash.digest('hex').slice(0, 16);
}

const MIGRATIONS_KEY = await migrationsKey();

/** The installed PGlite version: a dump is only loaded by the PGlite that made it. */
async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

const PGLITE_TEMPLATE_FOLDER = path.join(tmpdir(), 'skilldock-test-templates');
const pgliteDumps = new Map<'empty' | 'migrated', Promise<Uint8Array>>();

/**
 * The data-folder dump (an uncompressed tar) of a fresh PGlite, empty or migrated: read from the
 * template folder, or made and written there (atomically: a temporary file renamed into place, so
 * workers racing to make it each write a whole one).
 */
function pgliteDump(kind: 'empty' | 'migrated'): Promise<Uint8Array> {
  let dump = pgliteDumps.get(kind);
  if (dump === undefined) {
    dump = (async () => {
      const file = path.join(PGLITE_TEMPLATE_FOLDER, await dumpName(kind));
      const saved = await readFile(file).catch(() => undefined);
      if (saved !== undefined && saved.length > 0) return saved;
      const client =
        kind === 'empty' ? new PGlite() : new PGlite({ loadDataDir: tarBlob(await pgliteDump('empty')) });
      await client.waitReady;
      const database = await pgliteDatabase(client);
      try {
        if (kind === 'migrated') await migrateWithRunQueue(database);
        const made = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
        await mkdir(PGLITE_TEMPLATE_FOLDER, { recursive: true });
        const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
        await writeFile(temporary, made);
        await rename(temporary, file).catch(async (error: unknown) => {
          await rm(temporary, { force: true });
          throw error;
        });
        await removeOldDumps();
        return made;
      } finally {
        await database.close();
      }
    })();
    pgliteDumps.set(kind, dump);
  }
  return dump;
}

/** The file name of a dump: the PGlite version, and for a migrated one the migrations' key. */
async function dumpName(kind: 'empty' | 'migrated'): Promise<string> {
  return `pglite-${await pgliteVersion()}-${kind === 'empty' ? 'empty' : `migrated-${MIGRATIONS_KEY}`}.tar`;
}

/**
 * Deletes the dumps this checkout cannot use (older migrations, another PGlite) once they have not
 * been written for a day: each is 40 MB. A worktree still using one just makes it again; a reader
 * that has it open keeps its bytes.
 */
async function removeOldDumps(): Promise<void> {
  const current = new Set([await dumpName('empty'), await dumpName('migrated')]);
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of await readdir(PGLITE_TEMPLATE_FOLDER)) {
    if (current.has(name) || !name.startsWith('pglite-')) continue;
    const file = path.join(PGLITE_TEMPLATE_FOLDER, name);
    const modified = await stat(file).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (modified < dayAgo) await rm(file, { force: true });
  }
}

function tarBlob(dump: Uint8Array): Blob {
  return new Blob([dump], { type: 'application/x-tar' });
}

/** A fresh in-memory PGlite loaded from the empty or the migrated dump. */
async function openPgliteFrom(kind: 'empty' | 'migrated'): Promise<Database> {
  const client = new PGlite({ loadDataDir: tarBlob(await pgliteDump(kind)) });
  await client.waitReady;
  return pgliteDatabase(client);
}

/**
 * Migrated PGlite instances a test file has closed, ready for the next file of this worker: loading
 * a dump is a new PGlite (seconds of WebAssembly start-up and a 40 MB restore), emptying one is a few
 * statements. Test files of one worker run one after another (`isolate: false` keeps this module
 * alive between them), so an instance is lent to one file at a time; a file that opens two at once
 * gets two.
 */
const idleMigratedPglites: PGlite[] = [];

/** The rows the migrated template holds (seeded by migrations), by table, to put back after emptying. */
let migratedSeedRows: Promise<ReadonlyMap<string, string>> | undefined;

/** The tables whose rows belong to the template and are never emptied: the schema's own records. */
const KEPT_TABLES = new Set(['public.skilldock_migrations', 'pgboss.version', 'pgboss.queue']);

/** Every table of the platform's and the run queue's schemas, quoted, partitions left to their parent. */
async function resettableTables(client: PGlite): Promise<string[]> {
  const tables = await client.query<{ name: string; quoted: string }>(
    `select n.nspname || '.' || c.relname as name, format('%I.%I', n.nspname, c.relname) as quoted
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`,
  );
  return tables.rows.filter((table) => !KEPT_TABLES.has(table.name)).map((table) => table.quoted);
}

/** Each table's rows in the migrated template as JSON (only tables that have any). */
async function readSeedRows(client: PGlite): Promise<ReadonlyMap<string, string>> {
  const seeds = new Map<string, string>();
  for (const table of await resettableTables(client)) {
    const rows = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    const json = rows.rows[0]?.rows;
    if (json !== null && json !== undefined) seeds.set(table, json);
  }
  return seeds;
}

/**
 * Empties a migrated PGlite back to the template's state: session state dropped (listeners, advisory
 * locks, prepared statements, settings), every table emptied with its sequences restarted, and the
 * template's seeded rows put back.
 */
async function resetMigratedPglite(client: PGlite): Promise<void> {
  const seeds = await migratedSeedRows!;
  await client.exec('discard all');
  const tables = await resettableTables(client);
  await client.exec(`truncate ${tables.join(', ')} restart identity cascade`);
  for (const [table, json] of seeds) {
    // Identity columns refuse explicit ids without OVERRIDING SYSTEM VALUE; their sequences then move
    // past the seeded ids, as they stood in the template, so the next insert does not collide.
    await client.query(
      `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`,
      [json],
    );
    const sequences = await client.query<{ column: string; sequence: string }>(
      `select a.attname as column, pg_get_serial_sequence($1, a.attname) as sequence
         from pg_attribute a
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence($1, a.attname) is not null`,
      [table],
    );
    for (const { column, sequence } of sequences.rows)
      await client.query(
        `select setval($1, coalesce((select max(${pgIdentifier(column)}) from ${table}), 0) + 1, false)`,
        [sequence],
      );
  }
}

/** `name` quoted as an SQL identifier. */
function pgIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A migrated PGlite for one test file: an idle one of this worker's, emptied, or a new one from the
 * dump. `close()` empties it and keeps it for the next file (or closes it and rejects when emptying
 * fails).
 */
async function openPooledMigratedPglite(): Promise<Database> {
  let client = idleMigratedPglites.pop();
  if (client === undefined) {
    client = new PGlite({ loadDataDir: tarBlob(await pgliteDump('migrated')) });
    await client.waitReady;
    migratedSeedRows ??= readSeedRows(client);
    await migratedSeedRows;
  }
  const lent = client;
  const database = await pgliteDatabase(lent);
  let returned = false;
  return {
    ...database,
    close: async () => {
      if (returned) return;
      returned = true;
      try {
        await resetMigratedPglite(lent);
        idleMigratedPglites.push(lent);
      } catch (error) {
        // Loud on purpose: a reset that failed quietly once made every file load a new PGlite.
        await lent.close();
        throw error;
      }
    },
  };
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database with every committed migration applied, for
 * `createThrowawayPostgres({ template })`: made once per server (under an advisory lock, migrated
 * under a temporary name and renamed when done, so no one copies a half-migrated one) and kept.
 */
export function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withPostgresAdmin(async (admin) => {
    const name = `skilldock_test_template_${MIGRATIONS_KEY}`;
    const lock = Number.parseInt(MIGRATIONS_KEY.slice(0, 12), 16);
    await admin.query('select pg_advisory_lock($1)', [lock]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `skilldock_test_building_${randomBytes(6).toString('hex')}`;
        await admin.query(`create database ${building}`);
        const database = await openDatabase({
          kind: 'postgres',
          url: postgresUrl(building),
          // The run queue holds one connection for its advisory lock while pg-boss sets up on another.
          maxConnections: 3,
        });
        try {
          await migrateWithRunQueue(database);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [lock]);
    }
  });
  return postgresTemplate;
}

/** A throwaway PostgreSQL database opened as a {@link Database} whose `close()` also drops it. */
async function openThrowawayPostgres(options: { readonly template?: string } = {}): Promise<Database> {
  const throwaway = await createThrowawayPostgres(options);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await throwaway.drop();
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
  /**
   * Opens a fresh database with every committed migration already applied (a copy of the migrated
   * template: `runMigrations` and `createServer` find nothing to apply); `close()` also drops a
   * PostgreSQL one. For tests of what runs on the schema, not of migrating.
   */
  openMigrated(): Promise<Database>;
}

/**
 * PGlite (in memory) and PostgreSQL (a throwaway database), for `describe.each`: those this run
 * tests on (see {@link selectedBackends}).
 */
export const TEST_BACKENDS: readonly TestBackend[] = (
  [
    {
      name: 'pglite',
      skip: undefined,
      open: () => openPgliteFrom('empty'),
      openMigrated: openPooledMigratedPglite,
    },
    {
      name: 'postgres',
      skip: POSTGRES_AVAILABLE ? undefined : `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable`,
      open: () => openThrowawayPostgres(),
      openMigrated: async () => openThrowawayPostgres({ template: await migratedPostgresTemplate() }),
    },
  ] as const satisfies readonly TestBackend[]
).filter((backend) => SELECTED_BACKENDS.has(backend.name));
