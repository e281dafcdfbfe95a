/**
 * SPEC Y13 end to end: a real `skilldock serve` server (createServer on a loopback port) and the two
 * installers that read its discovery endpoints — `skilldock skills add http://127.0.0.1:PORT` (in
 * process) and the upstream `skills` CLI (npm `skills` 1.5.18, a real process). Without a token they
 * see what an anonymous caller sees: nothing until the superadmin opens the globally readable
 * skills, then exactly those.
 *
 * With an API token (`SKILLDOCK_TOKEN`, `--token-env NAME`, or `install_tokens` in the user
 * settings) a department-scoped skill installs while it stays invisible anonymously; a wrong token
 * is a clear error with nothing written; a redirect to another origin never receives the token; the
 * token never reaches the lock, stdout, stderr or the installed folder; `skills check` / `update`
 * reuse the recorded variable where the rules allow it (one server for both halves: it is the slow part).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type SkilldockServer, schema, silentLogger } from '@skilldock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, publishSharedSkill } from '../../server/test/support/skill-content-fixtures.js';
import { temporaryFolder } from '../../server/test/support/temporary-folder.js';
import { TestClient } from '../../server/test/support/test-client.js';
import { TEST_BACKENDS } from '../../server/test/support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from '../../server/test/support/test-password-cost.js';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
import { runSkillsAsync } from './skills-cli.js';

/** Every file under `directory`, read as text (the installed folder must never hold the token). */
function allText(directory: string): string {
  if (!existsSync(directory)) return '';
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** A tiny HTTP server on loopback that records the Authorization header of every request. */
async function recordingServer(answer: (url: string) => { status: number; location?: string }) {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const server: Server = createHttpServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const { status, location } = answer(request.url ?? '');
    response.writeHead(status, location === undefined ? {} : { location }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { origin, seen, close };
}

describe('Y13 installing from a running Skilldock server', () => {
  let server: SkilldockServer;
  let url: string;
  let token: string;
  let data: Awaited<ReturnType<typeof temporaryFolder>>;
  const workspaces: string[] = [];

  function workspace() {
    const made = makeWorkspace();
    workspaces.push(path.dirname(made.project));
    return made;
  }

  beforeAll(async () => {
    data = await temporaryFolder('y13-cli');
    // PGlite from the migrated template and a cheap scrypt cost: a fresh initdb, every migration and
    // production-cost hashing were most of this file's time, and none of them is what it tests.
    const pglite = TEST_BACKENDS.find((backend) => backend.name === 'pglite')!;
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await pglite.openMigrated(),
      dataDir: data.path,
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'discovery-admin-password',
      logger: silentLogger,
    });
    await publishSharedSkill(server, 'team-guide', { files: { 'references/faq.md': '# FAQ\n' } });
    await publishSharedSkill(server, 'private-plan', { readScope: { kind: 'users', userIds: [] } });
    const sales = randomUUID();
    await server.database.db.insert(schema.departments).values({ id: sales, name: 'Sales' });
    ({ token } = await addPerson(server, 'sales-user', 'user', [sales]));
    await publishSharedSkill(server, 'sales-playbook', {
      readScope: { kind: 'departments', departmentIds: [sales] },
      files: { 'references/pricing.md': '# Pricing\n' },
    });
    ({ url } = await server.start({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    await server?.stop();
    await server?.database.close();
    await data?.remove();
    for (const folder of workspaces) rmSync(folder, { recursive: true, force: true });
  });

  async function openAnonymousDiscovery(anonymous: 'none' | 'global') {
    const admin = new TestClient(server);
    expect((await admin.login('admin', 'discovery-admin-password')).status).toBe(200);
    expect((await admin.request('PUT', '/api/admin/discovery', { json: { anonymous } })).status).toBe(200);
  }

  it('Y13 skilldock skills add finds nothing while anonymous discovery is closed (it sends no token)', async () => {
    await openAnonymousDiscovery('none');
    const { project, home } = workspace();
    const run = await runCliInProcess(
      ['skills', 'add', url, '--allow-insecure-localhost', '--yes', '--json'],
      {
        cwd: project,
        home,
      },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr + run.stdout).toContain('No skills index found');
    expect(existsSync(path.join(project, '.agents/skills'))).toBe(false);
  });

  it('Y13 skilldock skills add http://127.0.0.1:PORT installs a shared skill from the server into a project', async () => {
    await openAnonymousDiscovery('global');
    const { project, home } = workspace();
    const run = await runCliInProcess(
      ['skills', 'add', url, '--allow-insecure-localhost', '--skill', 'team-guide', '--yes', '--json'],
      { cwd: project, home },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ installed: [{ id: 'team-guide' }] });
    const installed = path.join(project, '.agents/skills/team-guide');
    expect(readFileSync(path.join(installed, 'references/faq.md'), 'utf8')).toBe('# FAQ\n');
    expect(readFileSync(path.join(installed, 'SKILL.md'), 'utf8')).toContain('name: team-guide');
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8'));
    expect(lock.skills['team-guide']).toMatchObject({ sourceType: 'well-known' });
    // A skill only some users may read is not in the anonymous index.
    const hidden = await runCliInProcess(
      ['skills', 'add', url, '--allow-insecure-localhost', '--skill', 'private-plan', '--yes'],
      { cwd: project, home },
    );
    expect(hidden.status).not.toBe(0);
    expect(hidden.stderr).toContain('private-plan');
    expect(existsSync(path.join(project, '.agents/skills/private-plan'))).toBe(false);
    // Without --allow-insecure-localhost plain http is refused before any request.
    const insecure = await runCliInProcess(['skills', 'add', url, '--yes'], { cwd: project, home });
    expect(insecure.status).not.toBe(0);
  });

  it('Y13 the upstream skills CLI accepts the plain-http loopback URL and installs the same skill', async () => {
    await openAnonymousDiscovery('global');
    const { project, home } = workspace();
    // Asynchronously: the server answers from this very process, so a synchronous spawn would starve it.
    const result = await runSkillsAsync(
      ['add', url, '--skill', 'team-guide', '-y', '--copy', '--agent', 'claude-code'],
      {
        cwd: project,
        home,
      },
    );
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const installed = path.join(project, '.claude/skills/team-guide');
    expect(readFileSync(path.join(installed, 'SKILL.md'), 'utf8')).toContain('name: team-guide');
    expect(readFileSync(path.join(installed, 'references/faq.md'), 'utf8')).toBe('# FAQ\n');
    expect(existsSync(path.join(project, '.claude/skills/private-plan'))).toBe(false);
  }, 120_000);

  describe('with an API token', () => {
    beforeAll(() => openAnonymousDiscovery('global'));

    const add = (
      args: string[],
      where: { project: string; home: string },
      env: Record<string, string> = {},
    ) =>
      runCliInProcess(['skills', 'add', ...args, '--allow-insecure-localhost', '--yes', '--json'], {
        cwd: where.project,
        home: where.home,
        env,
      });

    it('Y13 a token from SKILLDOCK_TOKEN installs a department skill that anonymous discovery does not show', async () => {
      const where = workspace();
      const anonymous = await add([url, '--list'], where);
      expect(anonymous.status).toBe(0);
      expect(JSON.parse(anonymous.stdout).skills.map((skill: { id: string }) => skill.id)).toEqual([
        'team-guide',
      ]);

      const run = await add([url, '--skill', 'sales-playbook'], where, { SKILLDOCK_TOKEN: token });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        source: { tokenEnv: 'SKILLDOCK_TOKEN' },
        installed: [{ id: 'sales-playbook' }],
      });
      const installed = path.join(where.project, '.agents/skills/sales-playbook');
      expect(readFileSync(path.join(installed, 'references/pricing.md'), 'utf8')).toBe('# Pricing\n');
      const lockText = readFileSync(path.join(where.project, 'skills-lock.json'), 'utf8');
      expect(JSON.parse(lockText).skills['sales-playbook']).toMatchObject({
        source: '127.0.0.1',
        sourceUrl: url,
        sourceType: 'well-known',
        tokenEnv: 'SKILLDOCK_TOKEN',
      });
      for (const text of [lockText, run.stdout, run.stderr, anonymous.stdout, allText(installed)])
        expect(text).not.toContain(token);
    });

    it('Y13 a project lock that recorded SKILLDOCK_TOKEN does not get it sent by check: the flag must name it', async () => {
      const where = workspace();
      const installed = await add([url, '--skill', 'sales-playbook'], where, { SKILLDOCK_TOKEN: token });
      expect(installed.status, installed.stderr).toBe(0);
      const check = (extra: string[]) =>
        runCliInProcess(['skills', 'check', ...extra, '--allow-insecure-localhost', '--json'], {
          cwd: where.project,
          home: where.home,
          env: { SKILLDOCK_TOKEN: token },
        });
      const implicit = await check([]);
      expect(implicit.status).toBe(1);
      expect(JSON.parse(implicit.stdout).skills).toMatchObject([
        { id: 'sales-playbook', code: 'token_required' },
      ]);
      const named = await check(['--token-env', 'SKILLDOCK_TOKEN']);
      expect(named.status, named.stdout).toBe(0);
      expect(JSON.parse(named.stdout).skills).toMatchObject([{ id: 'sales-playbook', status: 'upToDate' }]);
      for (const text of [implicit.stdout, implicit.stderr, named.stdout, named.stderr])
        expect(text).not.toContain(token);
    });

    it('Y13 --token-env NAME reads the token from that variable; check and update reuse it', async () => {
      const where = workspace();
      const env = { TEAM_TOKEN: token };
      const run = await add([url, '--skill', 'sales-playbook', '--token-env', 'TEAM_TOKEN'], where, env);
      expect(run.status, run.stderr).toBe(0);
      const lockFile = path.join(where.project, 'skills-lock.json');
      expect(JSON.parse(readFileSync(lockFile, 'utf8')).skills['sales-playbook'].tokenEnv).toBe('TEAM_TOKEN');

      const inspect = (command: string, extra: string[], variables: Record<string, string>) =>
        runCliInProcess(['skills', command, ...extra, '--allow-insecure-localhost', '--json'], {
          cwd: where.project,
          home: where.home,
          env: variables,
        });
      // A project lock may not choose which variable is read: TEAM_TOKEN must be named again.
      const unnamed = await inspect('check', [], env);
      expect(unnamed.status).toBe(1);
      expect(JSON.parse(unnamed.stdout).skills).toMatchObject([
        { id: 'sales-playbook', code: 'token_required' },
      ]);
      const checked = await inspect('check', ['--token-env', 'TEAM_TOKEN'], env);
      expect(checked.status, checked.stdout).toBe(0);
      expect(JSON.parse(checked.stdout).skills).toMatchObject([{ id: 'sales-playbook', status: 'upToDate' }]);
      const updated = await inspect('update', ['--token-env', 'TEAM_TOKEN'], env);
      expect(updated.status, updated.stdout).toBe(0);
      expect(JSON.parse(updated.stdout).skills).toMatchObject([{ id: 'sales-playbook', status: 'upToDate' }]);
      for (const text of [unnamed, checked, updated].flatMap((result) => [result.stdout, result.stderr]))
        expect(text).not.toContain(token);
    });

    it('Y13 skills check --global reuses the variable its own lock recorded; a missing variable is named', async () => {
      const where = workspace();
      const run = await add(
        [url, '--skill', 'sales-playbook', '--global', '--token-env', 'TEAM_TOKEN'],
        where,
        {
          TEAM_TOKEN: token,
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const check = (env: Record<string, string>) =>
        runCliInProcess(['skills', 'check', '--global', '--allow-insecure-localhost', '--json'], {
          cwd: where.project,
          home: where.home,
          env,
        });
      const checked = await check({ TEAM_TOKEN: token });
      expect(checked.status, checked.stdout).toBe(0);
      expect(JSON.parse(checked.stdout).skills).toMatchObject([{ id: 'sales-playbook', status: 'upToDate' }]);
      const unset = await check({});
      expect(unset.status).toBe(1);
      expect(JSON.parse(unset.stdout).skills).toMatchObject([{ code: 'token_env_missing' }]);
      expect(JSON.parse(unset.stdout).skills[0].message).toContain('$TEAM_TOKEN is not set');
      const lockText = readFileSync(path.join(where.home, '.skilldock/skills-lock.json'), 'utf8');
      expect(lockText).not.toContain(token);
    });

    it('Y13 a wrong token is a clear token_rejected error, and nothing is written', async () => {
      const where = workspace();
      const wrong = 'skd_wrong-token-0123456789abcdef';
      const run = await add([url, '--skill', 'sales-playbook', '--token-env', 'WRONG_TOKEN'], where, {
        WRONG_TOKEN: wrong,
      });
      expect(run.status).toBe(1);
      expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'token_rejected' });
      expect(run.stderr).toContain('refused the token from $WRONG_TOKEN (HTTP 401)');
      expect(run.stderr).toContain('--token-env');
      expect(run.stdout + run.stderr).not.toContain(wrong);
      expect(existsSync(path.join(where.project, '.agents'))).toBe(false);
      expect(existsSync(path.join(where.project, 'skills-lock.json'))).toBe(false);
    });

    it('Y13 a token never goes on argv, and a variable asked for but unset fails before any request', async () => {
      const where = workspace();
      const pasted = await add([url, '--token-env', token], where);
      expect(pasted.status).toBe(2);
      expect(JSON.parse(pasted.stdout).error.code).toBe('invalid_token');
      expect(pasted.stdout + pasted.stderr).not.toContain(token);
      // Whatever its characters, a pasted secret is not repeated: not a skd_ token, nor another kind.
      const foreign = 'ghp_MixedCase0123456789Secret';
      const pastedForeign = await add([url, '--token-env', foreign], where);
      expect(pastedForeign.status).toBe(2);
      expect(pastedForeign.stdout + pastedForeign.stderr).not.toContain(foreign);
      const unset = await add([url, '--token-env', 'NOT_SET_ANYWHERE'], where);
      expect(unset.status).toBe(2);
      expect(JSON.parse(unset.stdout).error).toMatchObject({ code: 'token_env_missing' });
      expect(unset.stderr).toContain('$NOT_SET_ANYWHERE is not set');
      const github = await add(['acme/skills', '--token-env', 'TEAM_TOKEN'], where, { TEAM_TOKEN: token });
      expect(github.status).toBe(2);
      expect(JSON.parse(github.stdout).error.code).toBe('token_not_supported');
      expect(existsSync(path.join(where.project, '.agents'))).toBe(false);
    });

    it('Y13 a redirect to another loopback port does not receive the Authorization header', async () => {
      const elsewhere = await recordingServer(() => ({ status: 404 }));
      const named = await recordingServer((requested) => ({
        status: 302,
        location: `${elsewhere.origin}${requested}`,
      }));
      try {
        const where = workspace();
        const run = await add([named.origin, '--skill', 'sales-playbook'], where, { SKILLDOCK_TOKEN: token });
        expect(run.status).not.toBe(0);
        // The origin the user named gets the token; the origin it redirected to never does.
        expect(named.seen.length).toBeGreaterThan(0);
        expect(named.seen.every((request) => request.authorization === `Bearer ${token}`)).toBe(true);
        expect(elsewhere.seen.length).toBeGreaterThan(0);
        expect(elsewhere.seen.map((request) => request.authorization)).toEqual(
          elsewhere.seen.map(() => undefined),
        );
        expect(run.stdout + run.stderr).not.toContain(token);
        expect(existsSync(path.join(where.project, '.agents'))).toBe(false);
      } finally {
        await named.close();
        await elsewhere.close();
      }
    });

    it('SEC3 install_tokens in the user settings binds a variable to the server; a project file cannot', async () => {
      const where = workspace();
      const settings = (root: string, value: unknown) => {
        const folder = path.join(root, '.skilldock');
        mkdirSync(folder, { recursive: true });
        writeFileSync(path.join(folder, 'settings.json'), JSON.stringify(value));
      };
      // The project tries to bind the user's variable to a server: never read, so no token is sent.
      settings(where.project, { install_tokens: { [url]: 'ACME_TOKEN' } });
      const fromProject = await add([url, '--skill', 'sales-playbook'], where, { ACME_TOKEN: token });
      expect(fromProject.status).not.toBe(0);
      expect(JSON.parse(fromProject.stdout).error.code).toBe('skill_not_found');
      settings(where.home, { install_tokens: { [url]: 'ACME_TOKEN' } });
      const run = await add([url, '--skill', 'sales-playbook'], where, { ACME_TOKEN: token });
      expect(run.status, run.stderr).toBe(0);
      const lock = JSON.parse(readFileSync(path.join(where.project, 'skills-lock.json'), 'utf8'));
      expect(lock.skills['sales-playbook'].tokenEnv).toBe('ACME_TOKEN');
      // The binding also serves check, with no flag: it is the user's own setting.
      const checked = await runCliInProcess(['skills', 'check', '--allow-insecure-localhost', '--json'], {
        cwd: where.project,
        home: where.home,
        env: { ACME_TOKEN: token },
      });
      expect(checked.status, checked.stdout).toBe(0);
    });

    it('SEC3 binding SKILLDOCK_TOKEN to one server in install_tokens keeps it from every other server', async () => {
      const where = workspace();
      mkdirSync(path.join(where.home, '.skilldock'), { recursive: true });
      writeFileSync(
        path.join(where.home, '.skilldock/settings.json'),
        JSON.stringify({ install_tokens: { 'https://skills.acme.example': 'SKILLDOCK_TOKEN' } }),
      );
      const listed = await add([url, '--list'], where, { SKILLDOCK_TOKEN: token });
      expect(listed.status, listed.stderr).toBe(0);
      // Sent anonymously: the department skill is not listed.
      expect(JSON.parse(listed.stdout).skills.map((skill: { id: string }) => skill.id)).toEqual([
        'team-guide',
      ]);
      // A project lock naming SKILLDOCK_TOKEN for this server does not get it either.
      writeFileSync(
        path.join(where.project, 'skills-lock.json'),
        `${JSON.stringify({
          version: 1,
          skills: {
            'sales-playbook': {
              source: '127.0.0.1',
              sourceUrl: url,
              sourceType: 'well-known',
              computedHash: 'x',
              tokenEnv: 'SKILLDOCK_TOKEN',
            },
          },
        })}\n`,
      );
      const checked = await runCliInProcess(['skills', 'check', '--allow-insecure-localhost', '--json'], {
        cwd: where.project,
        home: where.home,
        env: { SKILLDOCK_TOKEN: token },
      });
      expect(checked.status).toBe(1);
      expect(JSON.parse(checked.stdout).skills).toMatchObject([
        { id: 'sales-playbook', code: 'token_required' },
      ]);
    });
  });
});
