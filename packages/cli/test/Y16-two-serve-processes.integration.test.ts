/**
 * SPEC Y16 with real processes: two `skilldock serve` on one PostgreSQL database and one data
 * folder, started at the same moment. Migrations, builtin sync and the first superadmin happen
 * once (one system event each); a session made on one process works on the other.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loginOverHttp, type ServeProcess, startServe } from './serve-process.js';

const ADMIN_URL = process.env.SKILLDOCK_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const POSTGRES = await reachable();
if (!POSTGRES) console.warn(`PostgreSQL at ${ADMIN_URL} is unreachable: the two-process test is skipped`);

async function admin<T>(query: string, url = ADMIN_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!POSTGRES)('Y16 two serve processes on one PostgreSQL', () => {
  const name = `skilldock_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const processes: ServeProcess[] = [];
  let home: string;

  afterAll(async () => {
    for (const server of processes) await server.stop('SIGTERM');
    await admin(`drop database if exists ${name} with (force)`);
    if (home !== undefined) await rm(home, { recursive: true, force: true });
  });

  it('Y16 both started at once migrate and sync builtins once, and a session from one works on the other', async () => {
    await admin(`create database ${name}`);
    home = await mkdtemp(path.join(tmpdir(), 'skilldock-y16-'));
    const builtin = path.join(home, 'builtin');
    await mkdir(path.join(builtin, 'hello-world'), { recursive: true });
    await writeFile(
      path.join(builtin, 'hello-world', 'SKILL.md'),
      '---\nname: hello-world\ndescription: Says hello.\n---\nSay hello.\n',
    );
    const options = {
      home,
      env: { DATABASE_URL: databaseUrl, SKILLDOCK_ADMIN_PASSWORD: 'two-process-admin' },
    };
    const args = ['--data', path.join(home, 'shared-data'), '--builtin', builtin];
    processes.push(...(await Promise.all([startServe(args, options), startServe(args, options)])));
    const [first, second] = processes as [ServeProcess, ServeProcess];
    expect(first.start.database).toBe('postgres');
    expect(first.start.url).not.toBe(second.start.url);

    const events = await admin<{ kind: string; count: string }>(
      'select kind, count(*) as count from system_events group by kind order by kind',
      databaseUrl,
    );
    expect(events.map((row) => [row.kind, Number(row.count)])).toEqual([
      ['builtin_agent_created', 1],
      ['builtin_sync', 1],
      ['migrations', 1],
      ['superadmin_created', 1],
    ]);
    expect([first.start.admin, second.start.admin].filter(Boolean)).toHaveLength(1);

    const session = await loginOverHttp(first.start.url, 'admin', 'two-process-admin');
    expect(session.status).toBe(200);
    const me = await fetch(`${second.start.url}/api/auth/me`, { headers: { cookie: session.cookie } });
    expect(me.status).toBe(200);
    // A write on the second process with the first one's session and CSRF token.
    const write = await fetch(`${second.start.url}/api/admin/departments`, {
      method: 'POST',
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrfToken,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'Shared across processes' }),
    });
    expect(write.status).toBe(201);
    const skills = await fetch(`${first.start.url}/api/skills`, { headers: { cookie: session.cookie } });
    expect(((await skills.json()) as { skills: { id: string }[] }).skills.map((skill) => skill.id)).toEqual([
      'hello-world',
    ]);
    // Logging out on the first ends the session on the second too.
    await fetch(`${first.start.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });
    expect(
      (await fetch(`${second.start.url}/api/auth/me`, { headers: { cookie: session.cookie } })).status,
    ).toBe(401);

    const ended = await Promise.all(processes.splice(0).map((server) => server.stop('SIGINT')));
    expect(ended).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  }, 180_000);
});
