import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
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
