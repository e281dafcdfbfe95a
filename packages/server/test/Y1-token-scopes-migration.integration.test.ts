/**
 * Migration `0012_token_scopes` (issue 24): tokens issued before scopes keep exactly what they
 * could do — `read` every read scope, `read-write` every scope — and a change to a token's scopes
 * or expiry still tells other processes to forget what they cached.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationTags } from '../src/db/run-migrations.js';
import { TOKEN_SCOPES } from '../src/index.js';

const MIGRATIONS = new URL('../migrations/', import.meta.url);

async function apply(client: PGlite, tag: string): Promise<void> {
  const text = await readFile(new URL(`${tag}.sql`, MIGRATIONS), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    if (statement.trim() !== '') await client.exec(statement);
}

describe('Y1 migration 0012_token_scopes', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    const tags = await migrationTags();
    const scopes = tags.indexOf('0012_token_scopes');
    expect(scopes).toBeGreaterThan(0);
    for (const tag of tags.slice(0, scopes)) await apply(client, tag);
    await client.exec(`
      insert into users (id, username, display_name, role, password_hash) values ('u1', 'old', 'Old', 'user', 'x');
      insert into api_tokens (id, user_id, name, token_hash, access) values
        ('t-read', 'u1', 'reader', 'h1', 'read'),
        ('t-write', 'u1', 'writer', 'h2', 'read-write');
    `);
    for (const tag of tags.slice(scopes)) await apply(client, tag);
  }, 180_000);
  afterAll(async () => {
    await client.close();
  });

  it('Y1 gives old read tokens every read scope and old read-write tokens every scope', async () => {
    const { rows } = await client.query<{ id: string; scopes: string[]; expires_at: Date | null }>(
      'select id, scopes, expires_at from api_tokens order by id',
    );
    expect(rows).toEqual([
      { id: 't-read', scopes: TOKEN_SCOPES.filter((scope) => scope.endsWith(':read')), expires_at: null },
      { id: 't-write', scopes: [...TOKEN_SCOPES], expires_at: null },
    ]);
    const columns = await client.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'api_tokens'",
    );
    expect(columns.rows.map((row) => row.column_name)).not.toContain('access');
  });

  it('Y1 refuses a token without scopes, and notifies on a scope or expiry change', async () => {
    await expect(
      client.exec(
        "insert into api_tokens (id, user_id, name, token_hash, scopes) values ('t3', 'u1', 'n', 'h3', '{}')",
      ),
    ).rejects.toThrow(/api_tokens_scopes_check/);
    const notified: string[] = [];
    const stop = await client.listen('skilldock_auth', (payload) => notified.push(payload));
    await client.exec("update api_tokens set scopes = '{skills:read}' where id = 't-write'");
    await client.exec("update api_tokens set expires_at = now() where id = 't-read'");
    await client.exec("update api_tokens set name = 'renamed' where id = 't-read'");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    expect(notified).toHaveLength(2);
  });
});
