import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli.js';
import { loginOverHttp, startServe } from './serve-process.js';

describe('skilldock serve', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('Y12 --help names the port, host and data flags', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'skilldock-serve-help-'));
    folders.push(home);
    const run = await runCliInProcess(['serve', '--help'], { cwd: home, home });
    expect(run.status).toBe(0);
    for (const flag of ['--port <port>', '--host <host>', '--data <dir>', '--builtin <dir>', '--json']) {
      expect(run.stdout).toContain(flag);
    }
    const bad = await runCliInProcess(['serve', '--port', 'http'], { cwd: home, home });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--port');
  });

  it('Y12 starts on embedded PGlite under ~/.skilldock/platform with nothing configured, logs in, and stops cleanly on SIGINT', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'skilldock-serve-'));
    folders.push(home);
    const server = await startServe([], { home });
    try {
      expect(server.start).toMatchObject({
        type: 'server-started',
        database: 'pglite',
        dataDir: path.join(home, '.skilldock', 'platform'),
      });
      expect(server.start.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const password = server.start.admin!.oneTimePassword!;
      expect(password.length).toBeGreaterThanOrEqual(20);
      // The one-time password is printed once and never logged.
      expect(server.stdout().split(password).length - 1).toBe(1);
      expect(server.stderr()).not.toContain(password);

      const session = await loginOverHttp(server.start.url, 'admin', password);
      expect(session.status).toBe(200);
      const me = await fetch(`${server.start.url}/api/auth/me`, { headers: { cookie: session.cookie } });
      expect(((await me.json()) as { user: { role: string } }).user.role).toBe('superadmin');
      expect(await readdir(path.join(home, '.skilldock', 'platform'))).toEqual(
        expect.arrayContaining(['db', 'packages']),
      );
    } finally {
      const ended = await server.stop('SIGINT');
      expect(ended).toEqual({ code: 0, signal: null });
    }
    expect(server.stderr()).not.toMatch(/Error|\bat .+:\d+/);
  }, 180_000);
});
