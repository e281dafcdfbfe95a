import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/program.js';
import { cliTestEnvironment, makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';
import { writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('skilldock skills remove', () => {
  it('P7 removes a skill from every folder and the lock; --json reports what went', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha', 'beta']);
    expect(
      // Two agents with different folders: a real copy in .agents/skills and a link in .claude/skills.
      (
        await runCliInProcess(['skills', 'add', source, '--yes', '--agent', 'claude-code', 'codex'], {
          cwd: project,
          home,
        })
      ).status,
    ).toBe(0);
    const run = await runCliInProcess(['skills', 'remove', 'alpha', '--json'], { cwd: project, home });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      scope: 'project',
      removed: [
        {
          id: 'alpha',
          paths: expect.arrayContaining([
            path.join(project, '.agents/skills/alpha'),
            path.join(project, '.claude/skills/alpha'),
          ]),
          recorded: true,
          unlocked: true,
        },
      ],
      lock: path.join(project, 'skills-lock.json'),
      warnings: [],
    });
    expect(existsSync(path.join(project, '.agents/skills/alpha'))).toBe(false);
    expect(existsSync(path.join(project, '.claude/skills/beta/SKILL.md'))).toBe(true);
    expect(
      Object.keys(JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8')).skills),
    ).toEqual(['beta']);
  });

  it('P7 removes a personal skill with --global and refuses an id that is not installed (an unknown id: exit 1)', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    expect(
      (
        await runCliInProcess(
          ['skills', 'add', source, '--global', '--yes', '--copy', '--agent', 'claude-code'],
          {
            cwd: project,
            home,
          },
        )
      ).status,
    ).toBe(0);
    expect(existsSync(path.join(home, '.claude/skills/alpha/SKILL.md'))).toBe(true);
    const global = JSON.parse(readFileSync(path.join(home, '.skilldock/skills-lock.json'), 'utf8'));
    expect(global.skills.alpha).toMatchObject({
      source,
      sourceType: 'local',
      agents: ['claude-code'],
      revision: expect.stringMatching(/^sha256:/),
    });
    const missing = await runCliInProcess(['skills', 'remove', 'alpha'], { cwd: project, home });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('alpha is not installed in the project scope');
    const run = await runCliInProcess(['skills', 'remove', 'alpha', '--global'], { cwd: project, home });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('removed alpha');
    expect(existsSync(path.join(home, '.claude/skills/alpha'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(home, '.skilldock/skills-lock.json'), 'utf8')).skills).toEqual(
      {},
    );
  });
});

/** Runs `skilldock …` in process with a terminal on stdin and stdout, typing `answer` at the first prompt. */
async function runInTerminal(
  args: readonly string[],
  answer: string,
): Promise<{ status: number; screen: string; asked: boolean }> {
  const stdin = new PassThrough();
  let screen = '';
  let asked = false;
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      screen += chunk.toString('utf8');
      if (!asked && screen.includes('?')) {
        asked = true;
        setTimeout(() => stdin.write(answer), 20);
      }
      done();
    },
  });
  const status = await runCli({
    argv: args,
    cwd: project,
    home,
    env: cliTestEnvironment(home),
    stdin,
    stdout,
    stderr: stdout,
    isTTY: true,
  });
  return { status, screen, asked };
}

describe('SEC12 skilldock skills remove on a skill you wrote (no lock entry)', () => {
  const mine = () => path.join(project, '.agents', 'skills', 'mine');
  beforeEach(() => {
    writeSkill(path.join(project, '.agents', 'skills'), 'mine', 'name: mine\ndescription: My own skill.');
  });

  it('SEC12 without a terminal it refuses, names --yes and removes nothing', async () => {
    const run = await runCliInProcess(['skills', 'remove', 'mine'], { cwd: project, home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--yes');
    expect(run.stderr).toContain('no lock');
    expect(run.stderr).toContain('Nothing was removed');
    expect(run.stdout + run.stderr).not.toContain('still installed elsewhere');
    expect(existsSync(path.join(mine(), 'SKILL.md'))).toBe(true);
    const json = await runCliInProcess(['skills', 'remove', 'mine', '--json'], { cwd: project, home });
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      error: { code: 'removal_needs_confirmation' },
    });
    expect(existsSync(path.join(mine(), 'SKILL.md'))).toBe(true);
  });

  it('SEC12 with --yes it deletes the folder and says it was not an install (no lock entry to keep)', async () => {
    const run = await runCliInProcess(['skills', 'remove', 'mine', '--yes'], { cwd: project, home });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('deleted mine');
    expect(run.stdout).toContain('no lock recorded it');
    expect(run.stdout).not.toContain('lock entry kept');
    expect(existsSync(mine())).toBe(false);
  });

  it('SEC12 --json --yes reports the skill as not recorded', async () => {
    const run = await runCliInProcess(['skills', 'remove', 'mine', '--yes', '--json'], {
      cwd: project,
      home,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).removed).toEqual([
      { id: 'mine', paths: [mine()], recorded: false, unlocked: false },
    ]);
  });

  it('SEC12 in a terminal it asks first: no keeps the folder', async () => {
    const result = await runInTerminal(['skills', 'remove', 'mine'], 'n\r');
    expect(result.asked).toBe(true);
    expect(result.screen).toContain('mine');
    expect(result.screen).toContain('Nothing was removed');
    expect(result.status).toBe(0);
    expect(existsSync(path.join(mine(), 'SKILL.md'))).toBe(true);
  });

  it('SEC12 in a terminal it asks first: yes deletes it', async () => {
    const result = await runInTerminal(['skills', 'remove', 'mine'], 'y\r');
    expect(result.asked).toBe(true);
    expect(result.status, result.screen).toBe(0);
    expect(result.screen).toContain('deleted mine');
    expect(existsSync(mine())).toBe(false);
  });

  it('SEC12 an installed skill is still removed without asking, and its message is unchanged', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    await runCliInProcess(['skills', 'add', source, '--yes', '--agent', 'codex'], { cwd: project, home });
    const run = await runCliInProcess(['skills', 'remove', 'alpha'], { cwd: project, home });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('removed alpha');
    expect(existsSync(path.join(mine(), 'SKILL.md'))).toBe(true);
  });
});
