import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
import { makeGitHubFake, writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('skilldock skills check and update', () => {
  it('P7 check says up to date, then reports a change pushed upstream (exit 0, or 3 with --exit-code); update installs it', async () => {
    const fake = makeGitHubFake(base, 'acme', 'skills', ['alpha', 'beta']);
    const env = { GIT_CONFIG_GLOBAL: fake.gitConfig };
    expect(
      (
        await runCliInProcess(['skills', 'add', 'acme/skills', '--yes', '--agent', 'claude-code'], {
          cwd: project,
          home,
          env,
        })
      ).status,
    ).toBe(0);
    const clean = await runCliInProcess(['skills', 'check', '--exit-code'], { cwd: project, home, env });
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('All skills are up to date.');

    writeFileSync(path.join(fake.work, 'skills/beta/references/guide.md'), '# New guide\n');
    fake.push('new guide');
    const lockBefore = readFileSync(path.join(project, 'skills-lock.json'), 'utf8');
    const check = await runCliInProcess(['skills', 'check', '--json'], { cwd: project, home, env });
    expect(check.status).toBe(0);
    const checked = JSON.parse(check.stdout);
    expect(checked).toMatchObject({
      scope: 'project',
      updates: 1,
      skills: [
        { id: 'alpha', status: 'upToDate', source: 'https://github.com/acme/skills' },
        { id: 'beta', status: 'changed', installed: expect.any(String), available: expect.any(String) },
      ],
    });
    expect(
      (await runCliInProcess(['skills', 'check', '--exit-code'], { cwd: project, home, env })).status,
    ).toBe(3);
    expect(readFileSync(path.join(project, 'skills-lock.json'), 'utf8')).toBe(lockBefore);

    const update = await runCliInProcess(['skills', 'update', '--json'], { cwd: project, home, env });
    expect(update.stderr).toBe('');
    expect(update.status).toBe(0);
    expect(JSON.parse(update.stdout)).toMatchObject({ scope: 'project', updated: ['beta'] });
    expect(readFileSync(path.join(project, '.claude/skills/beta/references/guide.md'), 'utf8')).toBe(
      '# New guide\n',
    );
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8'));
    expect(lock.skills.beta.computedHash).toBe(checked.skills[1].available);
    expect(
      (await runCliInProcess(['skills', 'check', '--exit-code'], { cwd: project, home, env })).status,
    ).toBe(0);
  });

  it('P7 check reports a skill whose source is gone as sourceMissing, and fails (exit 1)', async () => {
    const fake = makeGitHubFake(base, 'acme', 'skills', ['alpha']);
    const env = { GIT_CONFIG_GLOBAL: fake.gitConfig };
    expect(
      (await runCliInProcess(['skills', 'add', 'acme/skills', '--yes'], { cwd: project, home, env })).status,
    ).toBe(0);
    rmSync(fake.bare, { recursive: true });
    const check = await runCliInProcess(['skills', 'check', '--json'], { cwd: project, home, env });
    expect(check.status).toBe(1);
    expect(JSON.parse(check.stdout).skills[0]).toMatchObject({
      id: 'alpha',
      status: 'sourceMissing',
      message: expect.any(String),
    });
  });

  it('P7 an unreachable source fails check and update (exit 1): never "up to date" or "Nothing to update"', async () => {
    const fake = makeGitHubFake(base, 'acme', 'skills', ['alpha']);
    const env = { GIT_CONFIG_GLOBAL: fake.gitConfig };
    expect(
      (await runCliInProcess(['skills', 'add', 'acme/skills', '--yes'], { cwd: project, home, env })).status,
    ).toBe(0);
    rmSync(fake.bare, { recursive: true });
    const lockBefore = readFileSync(path.join(project, 'skills-lock.json'), 'utf8');
    for (const command of ['check', 'update']) {
      const run = await runCliInProcess(['skills', command], { cwd: project, home, env });
      expect(run.status, command).toBe(1);
      expect(run.stdout, command).toContain('source missing');
      expect(run.stdout, command).toContain('1 source(s) could not be reached');
      expect(run.stdout, command).not.toContain('All skills are up to date.');
      expect(run.stdout, command).not.toContain('Nothing to update.');
      expect(
        (await runCliInProcess(['skills', command, '--json'], { cwd: project, home, env })).status,
        command,
      ).toBe(1);
    }
    expect(
      (await runCliInProcess(['skills', 'check', '--exit-code'], { cwd: project, home, env })).status,
    ).toBe(1);
    expect(readFileSync(path.join(project, 'skills-lock.json'), 'utf8')).toBe(lockBefore);
  });

  it("SEC1 a cloned project's lock naming a folder outside the project is refused by update and check, and nothing is copied", async () => {
    writeSkillRepository(path.join(project, 'vendor'), ['alpha']);
    const add = await runCliInProcess(['skills', 'add', 'vendor', '--yes', '--copy', '--agent', 'codex'], {
      cwd: project,
      home,
    });
    expect(add.status, add.stderr).toBe(0);
    const outside = writeSkillRepository(path.join(base, 'outside'), ['alpha']);
    writeFileSync(
      path.join(outside, 'skills/alpha/SKILL.md'),
      '---\nname: alpha\ndescription: x\n---\nSECRET\n',
    );
    const lockFile = path.join(project, 'skills-lock.json');
    const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
    lock.skills.alpha = { ...lock.skills.alpha, source: outside, sourceType: 'local' };
    writeFileSync(lockFile, JSON.stringify(lock, null, 2));
    for (const command of ['update', 'check']) {
      const run = await runCliInProcess(['skills', command], { cwd: project, home });
      expect(run.status, command).toBe(1);
      expect(run.stdout, command).toContain('outside the project');
      expect(run.stdout, command).toContain('--global');
      expect(run.stdout, command).toContain('Refused, nothing read: alpha');
      expect(run.stdout, command).not.toContain('could not be reached');
    }
    expect(readFileSync(path.join(project, '.agents/skills/alpha/SKILL.md'), 'utf8')).not.toContain('SECRET');
  });
});
