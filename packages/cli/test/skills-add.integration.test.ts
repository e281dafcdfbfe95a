import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';
import { makeGitHubFake, readTree, writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('skilldock skills add', () => {
  it('P7 installs every skill of a local folder with --copy for the chosen agents and writes the lock', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha', 'beta']);
    const run = await runCliInProcess(
      ['skills', 'add', source, '--skill', '*', '--yes', '--copy', '--agent', 'claude-code', 'codex'],
      { cwd: project, home },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Installed 2 skill(s) (project, copy) for claude-code, codex');
    expect(readTree(path.join(project, '.claude/skills'))).toEqual(
      readTree(path.join(project, '.agents/skills')),
    );
    expect(readFileSync(path.join(project, '.agents/skills/alpha/scripts/run.sh'), 'utf8')).toBe(
      '#!/bin/sh\necho run\n',
    );
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8'));
    expect(Object.keys(lock.skills)).toEqual(['alpha', 'beta']);
    expect(lock.skills.alpha).toMatchObject({
      source,
      sourceType: 'local',
      computedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('S4 Y4 installs a skill named 文档整理 under its slug, and one without a slug under its pinyin', async () => {
    const source = path.join(base, 'zh-source');
    writeSkill(
      path.join(source, 'skills'),
      'cleanup',
      'name: 文档整理\nslug: document-cleanup\ndescription: Tidies documents.',
    );
    writeSkill(path.join(source, 'skills'), 'zh', 'name: 文档整理\ndescription: Also tidies documents.');
    const run = await runCliInProcess(['skills', 'add', source, '--skill', '*', '--yes', '--copy'], {
      cwd: project,
      home,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(project, '.agents/skills/document-cleanup/SKILL.md'), 'utf8')).toContain(
      'slug: document-cleanup',
    );
    expect(existsSync(path.join(project, '.agents/skills/wen-dang-zheng-li/SKILL.md'))).toBe(true);
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8'));
    expect(Object.keys(lock.skills)).toEqual(['document-cleanup', 'wen-dang-zheng-li']);
    // The id names the skill on the command line too.
    const one = makeWorkspace();
    const picked = await runCliInProcess(['skills', 'add', source, '--skill', 'wen-dang-zheng-li', '--yes'], {
      cwd: one.project,
      home: one.home,
    });
    expect(picked.status).toBe(0);
    expect(existsSync(path.join(one.project, '.agents/skills/wen-dang-zheng-li/SKILL.md'))).toBe(true);
    expect(existsSync(path.join(one.project, '.agents/skills/document-cleanup'))).toBe(false);
    rmSync(path.dirname(one.project), { recursive: true, force: true });
  });

  it('P7 links agent folders to .agents/skills by default and installs only .agents/skills when no agent is detected', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    const run = await runCliInProcess(['skills', 'add', source, '--agent', 'claude-code', 'codex'], {
      cwd: project,
      home,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('(project, symlink) for claude-code, codex');
    expect(readlinkSync(path.join(project, '.claude/skills/alpha'))).toBe('../../.agents/skills/alpha');
    const other = makeWorkspace();
    const plain = await runCliInProcess(['skills', 'add', source], { cwd: other.project, home: other.home });
    expect(plain.status).toBe(0);
    // One target folder: a copy, as the skills CLI does.
    expect(plain.stdout).toContain('(project, copy) for universal');
    expect(existsSync(path.join(other.project, '.agents/skills/alpha/SKILL.md'))).toBe(true);
    expect(existsSync(path.join(other.project, '.claude'))).toBe(false);
    rmSync(path.dirname(other.project), { recursive: true, force: true });
  });

  it('P7 --agent claude-code alone copies into .claude/skills: no .agents/skills, no link (project and global)', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    const run = await runCliInProcess(['skills', 'add', source, '--agent', 'claude-code', '--json'], {
      cwd: project,
      home,
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      mode: 'copy',
      installed: [{ id: 'alpha', paths: [path.join(project, '.claude/skills/alpha')] }],
    });
    expect(lstatSync(path.join(project, '.claude/skills/alpha')).isDirectory()).toBe(true);
    expect(existsSync(path.join(project, '.agents'))).toBe(false);
    const global = await runCliInProcess(['skills', 'add', source, '--agent', 'claude-code', '--global'], {
      cwd: project,
      home,
    });
    expect(global.status).toBe(0);
    expect(global.stdout).toContain('(global, copy) for claude-code');
    expect(lstatSync(path.join(home, '.claude/skills/alpha')).isDirectory()).toBe(true);
    expect(existsSync(path.join(home, '.agents/skills'))).toBe(false);
  });

  it('P7 installs from a GitHub repository (a local bare repo via insteadOf) with owner/repo', async () => {
    const fake = makeGitHubFake(base, 'acme', 'skills', ['alpha', 'beta']);
    const run = await runCliInProcess(
      ['skills', 'add', 'acme/skills', '--skill', 'beta', '--yes', '--json'],
      {
        cwd: project,
        home,
        env: { GIT_CONFIG_GLOBAL: fake.gitConfig },
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      source: {
        input: 'acme/skills',
        type: 'github',
        lockSource: 'acme/skills',
        lockSourceType: 'github',
        commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      },
      scope: 'project',
      mode: 'copy', // one target folder (universal): the skills CLI copies
      agents: ['universal'],
      installed: [{ id: 'beta', paths: [path.join(project, '.agents/skills/beta')], skipped: [] }],
      failed: [],
      lock: path.join(project, 'skills-lock.json'),
      warnings: [],
    });
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8'));
    expect(lock.skills.beta).toEqual({
      source: 'acme/skills',
      sourceType: 'github',
      skillPath: 'skills/beta/SKILL.md',
      computedHash: result.installed[0].computedHash,
    });
  });

  it('P6 --list only lists what the source holds and writes nothing', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha', 'beta']);
    const text = await runCliInProcess(['skills', 'add', source, '--list'], { cwd: project, home });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('alpha  The alpha skill.');
    const json = await runCliInProcess(['skills', 'add', source, '--list', '--json'], { cwd: project, home });
    const listed = JSON.parse(json.stdout);
    expect(listed.skills.map((skill: { id: string }) => skill.id)).toEqual(['alpha', 'beta']);
    expect(listed.skills[0]).toMatchObject({
      name: 'alpha',
      description: 'The alpha skill.',
      sourcePath: 'skills/alpha',
      files: expect.arrayContaining([{ path: 'scripts/run.sh', size: 19, executable: false }]),
      dependencies: [],
      diagnostics: [],
      secrets: [],
      revision: expect.stringMatching(/^sha256:/),
    });
    expect(existsSync(path.join(project, '.agents'))).toBe(false);
    expect(existsSync(path.join(project, 'skills-lock.json'))).toBe(false);
  });

  it('P6 installs a skill with a 1,068-character description (anthropics claude-api) under the lenient profile, with the warning shown', async () => {
    const source = path.join(base, 'source');
    const description = `Build apps with the Claude API. ${'x'.repeat(1036)}`;
    expect(description).toHaveLength(1068);
    writeSkill(path.join(source, 'skills'), 'claude-api', `name: claude-api\ndescription: ${description}`);
    const listed = await runCliInProcess(['skills', 'add', source, '--list'], { cwd: project, home });
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(`${source}: 1 skill(s)`);
    expect(listed.stdout).toContain(
      'warning description_too_long description has 1068 characters; at most 1024 are allowed',
    );
    const run = await runCliInProcess(['skills', 'add', source, '--yes'], { cwd: project, home });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('warning description_too_long');
    expect(readFileSync(path.join(project, '.agents/skills/claude-api/SKILL.md'), 'utf8')).toContain(
      description,
    );
  });

  it('P6 --list prints why a skill cannot be installed, with its diagnostics', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    writeSkill(path.join(source, 'skills'), 'broken', 'name: broken\ndescription: [unclosed');
    writeSkill(path.join(source, 'skills'), 'empty', "name: empty\ndescription: ''");
    const run = await runCliInProcess(['skills', 'add', source, '--list'], { cwd: project, home });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Cannot be installed (2):');
    expect(run.stdout).toMatch(/skills\/broken does not hold a readable SKILL\.md: .+\. \[invalid_skill\]/);
    expect(run.stdout).toContain(
      "skills/empty: skills/empty does not hold a readable SKILL.md: 'description' must not be empty. [invalid_skill]",
    );
    expect(run.stdout).toContain(
      `${path.join(source, 'skills/empty/SKILL.md')}:3:1 error   description_empty`,
    );
    const json = JSON.parse(
      (await runCliInProcess(['skills', 'add', source, '--list', '--json'], { cwd: project, home })).stdout,
    );
    expect(json.failed.map((failure: { message: string }) => failure.message)).toEqual([
      expect.stringMatching(/^skills\/broken does not hold a readable SKILL\.md: ./),
      "skills/empty does not hold a readable SKILL.md: 'description' must not be empty.",
    ]);
  });

  it('P6 without a TTY, several skills and no --skill or --yes fail with the list and the flag to pass', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha', 'beta']);
    const run = await runCliInProcess(['skills', 'add', source], { cwd: project, home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('holds 2 skills (alpha, beta)');
    expect(run.stderr).toContain("--skill '*'");
    expect(existsSync(path.join(project, '.agents'))).toBe(false);
  });

  it('P6 without a TTY, the missing choice fails first: no review is printed before the error', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha', 'beta', 'gamma']);
    const run = await runCliInProcess(['skills', 'add', source], { cwd: project, home });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('holds 3 skills (alpha, beta, gamma)');
    const chosen = await runCliInProcess(['skills', 'add', source, '--skill', 'beta'], {
      cwd: project,
      home,
    });
    expect(chosen.status).toBe(0);
    expect(chosen.stdout).toContain('Source: ');
  });

  it('P8 refuses to install over an existing skill and points to remove or update', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    expect((await runCliInProcess(['skills', 'add', source], { cwd: project, home })).status).toBe(0);
    const again = await runCliInProcess(['skills', 'add', source], { cwd: project, home });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('skilldock skills remove alpha');
  });

  it('P7 bad inputs: an unknown agent lists the valid ids (exit 2), a missing source exits 2, a host not allowed exits 1', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    const agent = await runCliInProcess(['skills', 'add', source, '--agent', 'claude-code,nope'], {
      cwd: project,
      home,
    });
    expect(agent.status).toBe(2);
    expect(agent.stderr).toContain("Unknown agent 'nope'");
    expect(agent.stderr).toContain('claude-code, openclaw, cline');
    const missing = await runCliInProcess(['skills', 'add', './does-not-exist'], { cwd: project, home });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('does-not-exist');
    const host = await runCliInProcess(
      ['skills', 'add', 'https://evil.example.com/acme/skills.git', '--json'],
      {
        cwd: project,
        home,
      },
    );
    expect(host.status).toBe(1);
    expect(JSON.parse(host.stdout).error).toMatchObject({ code: 'host_not_allowed' });
    expect(host.stderr).toContain('evil.example.com');
    expect(existsSync(path.join(project, 'skills-lock.json'))).toBe(false);
  });

  it('P5 reads allowed_hosts from the user settings: an empty list disables remote installs', async () => {
    const fake = makeGitHubFake(base, 'acme', 'skills', ['alpha']);
    mkdirSync(path.join(home, '.skilldock'), { recursive: true });
    writeFileSync(path.join(home, '.skilldock/settings.json'), JSON.stringify({ allowed_hosts: [] }));
    const run = await runCliInProcess(['skills', 'add', 'acme/skills', '--yes', '--json'], {
      cwd: project,
      home,
      env: { GIT_CONFIG_GLOBAL: fake.gitConfig },
    });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe('remote_install_disabled');
    expect(existsSync(path.join(project, '.agents'))).toBe(false);
  });
});
