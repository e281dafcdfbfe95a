/**
 * SPEC Y17, SEC5 over real HTTP: a run's files are listed for whoever `authorizeRun` admits, with
 * short-lived signed links outside `/api`; downloads need no cookie, are sandboxed, and refuse
 * links, FIFOs, traversal, forged or expired tokens and disabled accounts. On PGlite and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SkilldockServer, schema, type Viewer } from '../../src/index.js';
import { createRunWorkFolder, runFileRoutes, runWorkFolder } from '../../src/run-tools/index.js';
import { addPerson, startContentServer, type TestPerson } from '../support/skill-content-fixtures.js';
import { TestClient } from '../support/test-client.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

const REPORT =
  '<!doctype html><title>Report</title><script>fetch("/api/auth/me")</script><img src="chart.png">';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe.each(TEST_BACKENDS)('Y17 run file routes on $name', (backend) => {
  let started: Awaited<ReturnType<typeof startContentServer>>;
  let server: SkilldockServer;
  let url: string;
  let alice: TestPerson;
  let bob: TestPerson;
  let carol: TestPerson;
  let clock = Date.parse('2026-12-01T12:00:00Z');
  /** The runs of this test: run id → owner (the server's own check reads the runs table; Y8-runs tests it). */
  const owners = new Map<string, string>();
  const authorizeRun = async (viewer: Viewer, runId: string) =>
    owners.get(runId) === viewer.id ? { workFolder: runWorkFolder(server.dataDir, runId) } : undefined;

  const list = (person: TestPerson, runId: string) =>
    person.client.request('GET', `/api/runs/${runId}/files`);
  const download = (link: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${link}`, { headers });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await startContentServer(await backend.openMigrated(), 'y17-run-files', undefined, {
      runFiles: { authorizeRun, now: () => clock },
    });
    server = started.server;
    ({ url } = await server.start({ port: 0 }));
    alice = await addPerson(server, 'alice', 'user');
    bob = await addPerson(server, 'bob', 'user');
    carol = await addPerson(server, 'carol', 'user');
    owners.set('run-a', alice.id);
    owners.set('run-c', carol.id);
    const work = await createRunWorkFolder(server.dataDir, 'run-a');
    await writeFile(path.join(work, 'report.html'), REPORT);
    await writeFile(path.join(work, 'chart.png'), PNG);
    await mkdir(path.join(work, 'data'));
    await writeFile(path.join(work, 'data', 'result.csv'), 'a,b\n1,2\n');
    await writeFile(path.join(server.dataDir, 'secret.txt'), 'DATA-SECRET');
    await symlink(path.join(server.dataDir, 'secret.txt'), path.join(work, 'leak.txt'));
    await symlink(server.dataDir, path.join(work, 'data-folder'));
    execFileSync('mkfifo', [path.join(work, 'pipe')]);
    await writeFile(path.join(work, 'bad\nname.txt'), 'x');
    await writeFile(path.join(await createRunWorkFolder(server.dataDir, 'run-c'), 'c.txt'), 'carol');
  });
  afterAll(async () => {
    if (backend.skip === undefined) await started.close();
  });

  it.skipIf(backend.skip)(
    'Y17 lists the regular files with links outside /api, and says what it skipped',
    async () => {
      const answer = await list(alice, 'run-a');
      expect(answer.status).toBe(200);
      expect(answer.body.files.map((file: { path: string }) => file.path)).toEqual([
        'chart.png',
        'data/result.csv',
        'report.html',
      ]);
      expect(answer.body.files[2]).toMatchObject({
        size: REPORT.length,
        contentType: 'text/html; charset=utf-8',
      });
      for (const file of answer.body.files)
        expect(file.url).toMatch(/^\/run-files\/v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\//);
      expect(answer.body.skipped).toEqual([
        { path: 'bad\nname.txt', reason: 'unsafe_name' },
        { path: 'data-folder', reason: 'symbolic_link' },
        { path: 'leak.txt', reason: 'symbolic_link' },
        { path: 'pipe', reason: 'special_file' },
      ]);
      expect(answer.body.truncated).toBe(false);
      expect(answer.body.linksExpireAt).toBe('2026-12-01T12:30:00.000Z');
    },
  );

  it.skipIf(backend.skip)(
    "Y15 another user's run is 404, nobody's is 401, and an unsafe run id 400",
    async () => {
      expect((await list(bob, 'run-a')).status).toBe(404);
      expect((await list(bob, 'run-none')).status).toBe(404);
      expect((await new TestClient(server).request('GET', '/api/runs/run-a/files')).status).toBe(401);
      const unsafe = await list(alice, '.hidden');
      expect(unsafe.status).toBe(400);
      expect(unsafe.body.error.code).toBe('invalid_run_id');
    },
  );

  it.skipIf(backend.skip)(
    'SEC5 serves HTML sandboxed and inline, without a cookie, never sniffed',
    async () => {
      const { body } = await list(alice, 'run-a');
      const report = body.files.find((file: { path: string }) => file.path === 'report.html');
      const response = await download(report.url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(REPORT);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(response.headers.get('content-security-policy')).not.toContain('allow-');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(response.headers.get('set-cookie')).toBeNull();
    },
  );

  it.skipIf(backend.skip)(
    'Y17 anything else downloads as an attachment, byte for byte, and relative links work',
    async () => {
      const { body } = await list(alice, 'run-a');
      const chart = body.files.find((file: { path: string }) => file.path === 'chart.png');
      const png = await download(chart.url);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.headers.get('content-disposition')).toBe(
        `attachment; filename="chart.png"; filename*=UTF-8''chart.png`,
      );
      expect(png.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      expect(Buffer.from(await png.arrayBuffer())).toEqual(PNG);
      // The report's relative links share its token segment.
      const csv = await download(chart.url.replace(/chart\.png$/, 'data/result.csv'));
      expect(await csv.text()).toBe('a,b\n1,2\n');
    },
  );

  it.skipIf(backend.skip)('Y15 a download refuses links, FIFOs, traversal and missing files', async () => {
    const { body } = await list(alice, 'run-a');
    const base = body.files[0].url.replace(/chart\.png$/, '');
    const leak = await download(`${base}leak.txt`);
    expect(leak.status).toBe(403);
    expect(((await leak.json()) as { error: { code: string } }).error.code).toBe('symlink_refused');
    expect((await download(`${base}data-folder/secret.txt`)).status).toBe(403);
    const fifo = await download(`${base}pipe`);
    expect(fifo.status).toBe(403);
    expect(((await fifo.json()) as { error: { code: string } }).error.code).toBe('special_file');
    // WHATWG URLs resolve `%2e%2e` segments before sending: the request leaves the route.
    const dotted = await download(`${base}%2e%2e/%2e%2e/secret.txt`);
    expect(dotted.status).toBe(404);
    expect(await dotted.text()).not.toContain('DATA-SECRET');
    for (const hostile of [
      '..%2Fsecret.txt',
      'data%2F..%2F..%2Fsecret.txt',
      '%00',
      '%252e%252e/secret.txt',
    ]) {
      const response = await download(`${base}${hostile}`);
      expect(response.status, hostile).toBe(400);
      expect(await response.text()).not.toContain('DATA-SECRET');
    }
    expect((await download(`${base}missing.txt`)).status).toBe(404);
    expect((await download(`${base}data`)).status).toBe(400);
  });

  it.skipIf(backend.skip)(
    'Y17 forged, foreign and expired links are refused; links outlive no account',
    async () => {
      const { body } = await list(alice, 'run-a');
      const link: string = body.files[0].url;
      const [, , token] = link.split('/');
      const payload = token!.split('.')[1]!;
      const forgedPayload = Buffer.from(JSON.stringify(['run-c', alice.id, 4102444800])).toString(
        'base64url',
      );
      for (const forged of [
        link.replace(token!, `${token!.slice(0, -2)}AA`),
        link.replace(payload, forgedPayload),
        link.replace(token!, 'v1.e30.not-a-mac'),
        `/run-files/${'A'.repeat(2000)}/chart.png`,
      ]) {
        const response = await download(forged);
        expect(response.status, forged).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          'run_file_link_invalid',
        );
      }
      clock += 31 * 60 * 1000;
      try {
        expect((await download(link)).status).toBe(403);
      } finally {
        clock -= 31 * 60 * 1000;
      }
      const carols = await list(carol, 'run-c');
      expect((await download(carols.body.files[0].url)).status).toBe(200);
      await server.database.db
        .update(schema.users)
        .set({ disabled: true })
        .where(eq(schema.users.id, carol.id));
      expect((await download(carols.body.files[0].url)).status).toBe(403);
      // Ownership is asked again on every download: a run taken away stops its links.
      owners.delete('run-a');
      try {
        expect((await download(link)).status).toBe(403);
      } finally {
        owners.set('run-a', alice.id);
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y16 a link listed by one server process downloads from another on the same database',
    async () => {
      const { body } = await list(alice, 'run-a');
      const other = new OpenAPIHono();
      other.route('/', runFileRoutes({ database: server.database.db, authorizeRun, now: () => clock }));
      const response = await other.request(body.files[1].url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('a,b\n1,2\n');
    },
  );

  it.skipIf(backend.skip)(
    'SEC5 the session cookie is scoped to /api, so no run file request carries it',
    async () => {
      const login = await new TestClient(server).login('alice', 'content-test-password');
      expect(login.status).toBe(200);
      expect(login.headers.get('set-cookie')).toMatch(/; Path=\/api(;|$)/);
      const document = (await (await fetch(`${url}/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/runs/{id}/files', '/run-files/{token}/{path}']),
      );
    },
  );
});
