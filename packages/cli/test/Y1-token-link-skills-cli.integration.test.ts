/**
 * Issue 24's done-when: a token issued the way the web app's Account → API tokens page issues it
 * (`POST /api/auth/tokens` from the login session, scope `skills:read`) installs a department skill
 * with the upstream `skills` CLI (npm `skills` 1.5.18, a real process) through the discovery
 * endpoints — the CLI sends no headers, so the token rides in the link `/t/<token>/` — and the same
 * token is refused on `/api/conversations`. Anonymous discovery stays closed throughout.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createJsonLogger, createServer, type SkilldockServer, schema } from '@skilldock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPerson,
  publishSharedSkill,
  type TestPerson,
} from '../../server/test/support/skill-content-fixtures.js';
import { temporaryFolder } from '../../server/test/support/temporary-folder.js';
import { TEST_BACKENDS } from '../../server/test/support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from '../../server/test/support/test-password-cost.js';
import { makeWorkspace } from './run-cli.js';
import { runSkillsAsync } from './skills-cli.js';

describe('Y1 a browser-issued skills:read token with the skills CLI', () => {
  let server: SkilldockServer;
  let url: string;
  let person: TestPerson;
  let data: Awaited<ReturnType<typeof temporaryFolder>>;
  const logLines: string[] = [];
  const workspaces: string[] = [];

  beforeAll(async () => {
    data = await temporaryFolder('token-link');
    const pglite = TEST_BACKENDS.find((backend) => backend.name === 'pglite')!;
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await pglite.openMigrated(),
      dataDir: data.path,
      builtinDir: '/nonexistent-builtin-folder',
      logger: createJsonLogger((line) => logLines.push(line)),
    });
    const sales = randomUUID();
    await server.database.db.insert(schema.departments).values({ id: sales, name: 'Sales' });
    person = await addPerson(server, 'sales-user', 'user', [sales]);
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

  it('Y1 installs a department skill through /t/<token>/.well-known and is refused conversations', async () => {
    const issued = await person.client.request('POST', '/api/auth/tokens', {
      json: {
        name: 'skills cli',
        scopes: ['skills:read'],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(issued.status).toBe(201);
    const token: string = issued.body.token;

    const { project, home } = makeWorkspace();
    workspaces.push(path.dirname(project));
    const made = { cwd: project, home };
    // Anonymous discovery is closed: without the token the CLI finds nothing.
    const anonymous = await runSkillsAsync(
      ['add', url, '--skill', 'sales-playbook', '-y', '--copy', '--agent', 'claude-code'],
      made,
    );
    expect(anonymous.status).not.toBe(0);
    expect(existsSync(path.join(project, '.claude/skills/sales-playbook'))).toBe(false);

    const run = await runSkillsAsync(
      ['add', `${url}/t/${token}`, '--skill', 'sales-playbook', '-y', '--copy', '--agent', 'claude-code'],
      made,
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const installed = path.join(project, '.claude/skills/sales-playbook');
    expect(readFileSync(path.join(installed, 'SKILL.md'), 'utf8')).toContain('name: sales-playbook');
    expect(readFileSync(path.join(installed, 'references/pricing.md'), 'utf8')).toBe('# Pricing\n');
    // The project's lock names the host, not the link: the token is not committed with it.
    expect(readFileSync(path.join(project, 'skills-lock.json'), 'utf8')).not.toContain(token);

    const conversations = await fetch(`${url}/api/conversations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(conversations.status).toBe(403);
    expect(((await conversations.json()) as { error: { code: string } }).error.code).toBe(
      'token_scope_missing',
    );
    const linked = await fetch(`${url}/t/${token}/.well-known/skills/index.json`);
    expect(linked.status).toBe(200);
    // The token shows in no log line, though it was in the paths.
    expect(logLines.some((line) => line.includes('/t/[token]/.well-known/'))).toBe(true);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);

    // Revoked from the page: the link stops at once.
    expect(
      (await person.client.request('DELETE', `/api/auth/tokens/${issued.body.apiToken.id}`)).status,
    ).toBe(204);
    expect((await fetch(`${url}/t/${token}/.well-known/skills/index.json`)).status).toBe(401);
  }, 180_000);
});
