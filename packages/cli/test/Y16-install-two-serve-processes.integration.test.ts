/**
 * Issue 12 §2 for install drafts with real processes: two `skilldock serve` on one PostgreSQL
 * database and one data folder — a draft prepared on one process is shown and confirmed on the
 * other, and the skill it publishes is listed by the first.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loginOverHttp, type ServeProcess, startServe } from './serve-process.js';

const ADMIN_URL = process.env.SKILLDOCK_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

async function adminQuery(query: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(query);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const POSTGRES = await adminQuery('select 1');
if (!POSTGRES)
  console.warn(`PostgreSQL at ${ADMIN_URL} is unreachable: the two-process install test is skipped`);

describe.skipIf(!POSTGRES)('Y16 install drafts across two serve processes', () => {
  const name = `skilldock_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const processes: ServeProcess[] = [];
  let home: string | undefined;

  afterAll(async () => {
    for (const server of processes) await server.stop('SIGTERM');
    await adminQuery(`drop database if exists ${name} with (force)`);
    if (home !== undefined) await rm(home, { recursive: true, force: true });
  });

  it('Y16 P6 a draft prepared on one process is confirmed on the other', async () => {
    expect(await adminQuery(`create database ${name}`)).toBe(true);
    home = await mkdtemp(path.join(tmpdir(), 'skilldock-y16-install-'));
    const options = {
      home,
      env: { DATABASE_URL: databaseUrl, SKILLDOCK_ADMIN_PASSWORD: 'install-two-process' },
    };
    const args = ['--data', path.join(home, 'shared-data'), '--builtin', path.join(home, 'no-builtin')];
    // One after the other: the second must find the first's migrations and admin in place.
    processes.push(await startServe(args, options));
    processes.push(await startServe(args, options));
    const [first, second] = processes as [ServeProcess, ServeProcess];
    const session = await loginOverHttp(first.start.url, 'admin', 'install-two-process');
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrfToken };

    const form = new FormData();
    const skill = '---\nname: relay\ndescription: Passes work between processes.\n---\n# Relay\n';
    form.append('file', new Blob([skill]), 'SKILL.md');
    const prepared = await fetch(`${first.start.url}/api/install/drafts/upload`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(prepared.status).toBe(201);
    const { draft } = (await prepared.json()) as { draft: { id: string } };

    const shown = await fetch(`${second.start.url}/api/install/drafts/${draft.id}`, { headers });
    expect(shown.status).toBe(200);
    const confirmed = await fetch(`${second.start.url}/api/install/drafts/${draft.id}/confirm`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        target: 'shared',
        readScope: { kind: 'global' },
        manageScope: { kind: 'global' },
      }),
    });
    expect(confirmed.status).toBe(200);
    const listed = await fetch(`${first.start.url}/api/skills`, { headers });
    expect(((await listed.json()) as { skills: { id: string }[] }).skills.map((entry) => entry.id)).toEqual([
      'relay',
    ]);
    expect((await fetch(`${first.start.url}/api/install/drafts/${draft.id}`, { headers })).status).toBe(404);

    const ended = await Promise.all(processes.splice(0).map((server) => server.stop('SIGINT')));
    expect(ended).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  }, 180_000);
});
