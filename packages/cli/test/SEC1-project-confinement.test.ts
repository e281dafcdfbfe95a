import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
import { readTree, writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;
let elsewhere: string;
let source: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
  elsewhere = path.join(base, 'elsewhere');
  mkdirSync(path.join(elsewhere, 'skills', 'alpha'), { recursive: true });
  writeFileSync(path.join(elsewhere, 'skills', 'alpha', 'data.txt'), 'not yours\n');
  source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const cli = (args: string[]) => runCliInProcess(args, { cwd: project, home, env: { TMPDIR: base } });

describe('SEC1 project installs and removes stay inside the project', () => {
  it('SEC1 skills add refuses an .agents folder that links out of the project, naming the path', async () => {
    symlinkSync(elsewhere, path.join(project, '.agents'));
    const before = { project: readTree(project), elsewhere: readTree(elsewhere) };
    const run = await cli(['skills', 'add', source, '--yes', '--skill', 'alpha']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(path.join(project, '.agents', 'skills', 'alpha'));
    expect(run.stderr).toContain('not inside');
    expect({ project: readTree(project), elsewhere: readTree(elsewhere) }).toEqual(before);
    expect(existsSync(path.join(project, 'skills-lock.json'))).toBe(false);
  });

  it('SEC1 skills add --copy refuses a .claude/skills folder that links out of the project', async () => {
    mkdirSync(path.join(project, '.claude'));
    symlinkSync(path.join(elsewhere, 'skills'), path.join(project, '.claude', 'skills'));
    rmSync(path.join(elsewhere, 'skills', 'alpha'), { recursive: true });
    const before = { project: readTree(project), elsewhere: readTree(elsewhere) };
    const run = await cli(['skills', 'add', source, '--yes', '--copy', '--agent', 'claude-code']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(path.join(project, '.claude', 'skills', 'alpha'));
    expect({ project: readTree(project), elsewhere: readTree(elsewhere) }).toEqual(before);
  });

  it('SEC1 skills remove refuses to delete through a .claude/skills link out of the project', async () => {
    expect((await cli(['skills', 'add', source, '--yes', '--agent', 'claude-code'])).status).toBe(0);
    renameSync(path.join(project, '.claude', 'skills'), path.join(base, 'old-claude-skills'));
    symlinkSync(path.join(elsewhere, 'skills'), path.join(project, '.claude', 'skills'));
    const before = { project: readTree(project), elsewhere: readTree(elsewhere) };
    const run = await cli(['skills', 'remove', 'alpha']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(path.join(project, '.claude', 'skills', 'alpha'));
    expect({ project: readTree(project), elsewhere: readTree(elsewhere) }).toEqual(before);
    expect(readFileSync(path.join(elsewhere, 'skills', 'alpha', 'data.txt'), 'utf8')).toBe('not yours\n');
  });

  it('SEC1 an agent folder that links to another folder inside the project is used as before', async () => {
    mkdirSync(path.join(project, 'config', 'claude'), { recursive: true });
    symlinkSync(path.join(project, 'config', 'claude'), path.join(project, '.claude'));
    const run = await cli(['skills', 'add', source, '--yes', '--copy', '--agent', 'claude-code']);
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(path.join(project, 'config', 'claude', 'skills', 'alpha', 'SKILL.md'))).toBe(true);
    expect((await cli(['skills', 'remove', 'alpha'])).status).toBe(0);
    expect(existsSync(path.join(project, 'config', 'claude', 'skills', 'alpha'))).toBe(false);
  });
});
