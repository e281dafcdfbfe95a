import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { computeDirectoryRevision, computeSkillsLockHash } from '@skilldock/core/package';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';

let project: string;
let home: string;

beforeEach(() => {
  ({ project, home } = makeWorkspace());
});

afterEach(() => {
  rmSync(path.dirname(project), { recursive: true, force: true });
});

describe('skilldock skills hash', () => {
  it('P1 prints the directory revision by default', async () => {
    const skill = writeSkill(project, 'demo', 'name: demo\ndescription: d', '# Demo\n', { 'a/b.txt': 'b' });
    const run = await runCliInProcess(['skills', 'hash', 'demo'], { cwd: project, home });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${await computeDirectoryRevision(skill)}\n`);
    expect(run.stdout).toMatch(/^sha256:[0-9a-f]{64}\n$/);
  });

  it('P1 prints the skills-lock hash as JSON with --algo skills-lock --json', async () => {
    const skill = writeSkill(project, 'demo', 'name: demo\ndescription: d');
    const run = await runCliInProcess(['skills', 'hash', 'demo', '--algo', 'skills-lock', '--json'], {
      cwd: project,
      home,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      path: skill,
      algo: 'skills-lock',
      hash: await computeSkillsLockHash(skill),
    });
  });

  it('P1 refuses a folder with a symbolic link with exit 1, naming it', async () => {
    const skill = writeSkill(project, 'demo', 'name: demo\ndescription: d');
    symlinkSync('SKILL.md', path.join(skill, 'link.md'));
    const run = await runCliInProcess(['skills', 'hash', 'demo'], { cwd: project, home });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('link.md is a symbolic link');
  });

  it('P1 exits 2 on a missing folder, a file, or an unknown --algo', async () => {
    writeFileSync(path.join(project, 'file.txt'), 'x');
    writeSkill(project, 'demo', 'name: demo\ndescription: d');
    expect((await runCliInProcess(['skills', 'hash', 'nope'], { cwd: project, home })).status).toBe(2);
    expect((await runCliInProcess(['skills', 'hash', 'file.txt'], { cwd: project, home })).status).toBe(2);
    const algo = await runCliInProcess(['skills', 'hash', 'demo', '--algo', 'md5'], { cwd: project, home });
    expect(algo.status).toBe(2);
    expect(algo.stderr).toContain('md5');
  });
});
