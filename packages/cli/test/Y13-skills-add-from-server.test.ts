/**
 * SPEC Y13 end to end: a real `skilldock serve` server (createServer on a loopback port) and the two
 * installers that read its discovery endpoints — `skilldock skills add http://127.0.0.1:PORT` (in
 * process) and the upstream `skills` CLI (npm `skills` 1.5.18, a real process). Neither sends a
 * token, so they see what an anonymous caller sees: nothing until the superadmin opens the globally
 * readable skills, then exactly those.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createServer, type SkilldockServer, silentLogger } from '@skilldock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSharedSkill } from '../../server/test/support/skill-content-fixtures.js';
import { temporaryFolder } from '../../server/test/support/temporary-folder.js';
import { TestClient } from '../../server/test/support/test-client.js';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
import { runSkillsAsync } from './skills-cli.js';

describe('Y13 installing from a running Skilldock server', () => {
  let server: SkilldockServer;
  let url: string;
  let data: Awaited<ReturnType<typeof temporaryFolder>>;
  const workspaces: string[] = [];

  function workspace() {
    const made = makeWorkspace();
    workspaces.push(path.dirname(made.project));
    return made;
  }

  beforeAll(async () => {
    data = await temporaryFolder('y13-cli');
    server = await createServer({
      database: { kind: 'pglite' },
      dataDir: data.path,
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'discovery-admin-password',
      logger: silentLogger,
    });
    await publishSharedSkill(server, 'team-guide', { files: { 'references/faq.md': '# FAQ\n' } });
    await publishSharedSkill(server, 'private-plan', { readScope: { kind: 'users', userIds: [] } });
    ({ url } = await server.start({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    await server?.stop();
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
});
