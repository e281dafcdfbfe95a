import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ConflictError } from '@skilldock/core/errors';
import { sql } from 'drizzle-orm';
import '../error-codes.js';
import { AdvisoryLockKey } from './advisory-lock-keys.js';
import type { Database } from './database.js';
import { systemEvents } from './schema.js';

/** The committed `drizzle-kit generate` output (`packages/server/migrations`), beside `src` and `dist`. */
const MIGRATIONS_FOLDER = new URL('../../migrations/', import.meta.url);

interface JournalEntry {
  readonly idx: number;
  readonly tag: string;
}

/** The tags of the committed migrations this code knows, in journal order (read once per process). */
export function migrationTags(): Promise<readonly string[]> {
  journalTags ??= readFile(new URL('meta/_journal.json', MIGRATIONS_FOLDER), 'utf8').then((text) =>
    [...(JSON.parse(text) as { entries: JournalEntry[] }).entries]
      .sort((a, b) => a.idx - b.idx)
      .map((entry) => entry.tag),
  );
  // A failed read is not kept: the next call reads again.
  journalTags.catch(() => {
    journalTags = undefined;
  });
  return journalTags;
}

let journalTags: Promise<readonly string[]> | undefined;

/**
 * The committed migrations the database has not applied (SPEC O3 readiness): empty once start-up
 * migrated it, non-empty when this code is newer than the database it reaches.
 */
export async function pendingMigrations(database: Database): Promise<readonly string[]> {
  const done = await database.db.execute(sql`select tag from skilldock_migrations`);
  const applied = new Set((done as unknown as { rows: { tag: string }[] }).rows.map((row) => row.tag));
  return (await migrationTags()).filter((tag) => !applied.has(tag));
}

/** What {@link runMigrations} did. */
export interface MigrationResult {
  /** Tags of the migrations this call applied, oldest first (empty when the database was current). */
  readonly applied: readonly string[];
}

/**
 * Applies the committed SQL migrations that the database has not seen, in journal order, in one
 * transaction under `pg_advisory_xact_lock` — so on PGlite and PostgreSQL alike, and when several
 * processes start at once, each migration runs exactly once and a failure leaves nothing half
 * applied. Applied migrations are recorded in `skilldock_migrations` with their SHA-256; a
 * committed migration whose text changed afterwards stops start-up.
 * @example await runMigrations(database);
 */
export async function runMigrations(database: Database): Promise<MigrationResult> {
  const migrations = await Promise.all(
    (await migrationTags()).map(async (tag) => {
      const text = await readFile(new URL(`${tag}.sql`, MIGRATIONS_FOLDER), 'utf8');
      return { tag, text, hash: createHash('sha256').update(text).digest('hex') };
    }),
  );

  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLockKey.migrations})`);
    await tx.execute(sql`create table if not exists skilldock_migrations (
      tag text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = await tx.execute(sql`select tag, hash from skilldock_migrations`);
    const appliedHashes = new Map(
      (done as unknown as { rows: { tag: string; hash: string }[] }).rows.map(
        (row) => [row.tag, row.hash] as const,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      const previous = appliedHashes.get(migration.tag);
      if (previous !== undefined) {
        if (previous !== migration.hash) {
          throw new ConflictError(
            'migration_changed',
            `Migration ${migration.tag} changed after it was applied; add a new migration instead of editing it`,
            { details: { migration: migration.tag } },
          );
        }
        continue;
      }
      for (const statement of migration.text.split('--> statement-breakpoint')) {
        if (statement.trim() !== '') await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into skilldock_migrations (tag, hash) values (${migration.tag}, ${migration.hash})`,
      );
      applied.push(migration.tag);
    }
    if (applied.length > 0)
      await tx.insert(systemEvents).values({ kind: 'migrations', details: { applied } });
    return { applied };
  });
}
