import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkInstalled, readProjectLock } from '@skilldock/core/install';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
import { readTree, writeSkillRepository } from './skills-add-fixtures.js';
import { runSkills } from './skills-cli.js';

let project: string;
let home: string;
let base: string;
let source: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
  source = writeSkillRepository(path.join(base, 'source'), ['alpha', 'beta', 'gamma']);
  mkdirSync(path.join(source, 'skills/beta/references/deep/er'), { recursive: true });
  cpSync(
    path.join(source, 'skills/beta/SKILL.md'),
    path.join(source, 'skills/beta/references/deep/er/copy.md'),
  );
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('interop with the skills CLI', () => {
  it('P7 reads the lock the skills CLI writes, and our check finds its skills up to date', async () => {
    // Vendored inside the project: a project lock's local source must be (SPEC SEC1).
    const vendored = path.join(project, 'vendor', 'skills-source');
    cpSync(source, vendored, { recursive: true });
    const theirs = runSkills(
      ['add', vendored, '--skill', '*', '-y', '--copy', '--agent', 'claude-code', 'codex'],
      { cwd: project, home },
    );
    expect(theirs.status).toBe(0);
    const lock = await readProjectLock(project);
    expect(Object.keys(lock.skills)).toEqual(['alpha', 'beta', 'gamma']);
    expect(lock.skills.alpha).toMatchObject({
      source: vendored,
      sourceType: 'local',
      computedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const { skills } = await checkInstalled({ scope: 'project', projectRoot: project, home, env: {} });
    expect(skills.map((skill) => [skill.id, skill.status])).toEqual([
      ['alpha', 'upToDate'],
      ['beta', 'upToDate'],
      ['gamma', 'upToDate'],
    ]);
    const check = await runCliInProcess(['skills', 'check', '--exit-code'], { cwd: project, home });
    expect(check.status).toBe(0);
  });

  it('P7 installs the same files and writes the same lock bytes as the skills CLI for the same source and agents', async () => {
    const ours = makeWorkspace();
    try {
      expect(
        runSkills(['add', source, '--skill', '*', '-y', '--copy', '--agent', 'claude-code', 'codex'], {
          cwd: project,
          home,
        }).status,
      ).toBe(0);
      const run = await runCliInProcess(
        ['skills', 'add', source, '--skill', '*', '--yes', '--copy', '--agent', 'claude-code', 'codex'],
        {
          cwd: ours.project,
          home: ours.home,
        },
      );
      expect(run.status).toBe(0);
      const theirTree = readTree(project);
      expect(Object.keys(theirTree)).toContain('.agents/skills/beta/references/deep/er/copy.md');
      expect(readTree(ours.project)).toEqual(theirTree);
    } finally {
      rmSync(path.dirname(ours.project), { recursive: true, force: true });
    }
  });

  it('P7 --agent claude-code alone copies into .claude/skills like the skills CLI: same tree and lock bytes in a project, same folder globally', async () => {
    const ours = makeWorkspace();
    try {
      const args = ['add', source, '--skill', '*', '-y', '--agent', 'claude-code'];
      expect(runSkills(args, { cwd: project, home }).status).toBe(0);
      const run = await runCliInProcess(['skills', ...args], { cwd: ours.project, home: ours.home });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Installed 3 skill(s) (project, copy) for claude-code');
      const theirTree = readTree(project);
      expect(theirTree['.claude/skills/alpha']).toBe('dir');
      expect(Object.keys(theirTree).some((entry) => entry.startsWith('.agents'))).toBe(false);
      expect(readTree(ours.project)).toEqual(theirTree);

      expect(runSkills([...args, '-g'], { cwd: project, home }).status).toBe(0);
      const global = await runCliInProcess(['skills', ...args, '--global', '--json'], {
        cwd: ours.project,
        home: ours.home,
      });
      expect(global.status).toBe(0);
      expect(JSON.parse(global.stdout)).toMatchObject({
        scope: 'global',
        mode: 'copy',
        agents: ['claude-code'],
      });
      const theirGlobal = readTree(path.join(home, '.claude/skills'));
      expect(theirGlobal['alpha/SKILL.md']).toBeDefined();
      expect(readTree(path.join(ours.home, '.claude/skills'))).toEqual(theirGlobal);
      expect(existsSync(path.join(home, '.agents/skills'))).toBe(false);
      expect(existsSync(path.join(ours.home, '.agents/skills'))).toBe(false);
    } finally {
      rmSync(path.dirname(ours.project), { recursive: true, force: true });
    }
  });

  it('P7 the skills CLI restores from our lock and writes back the same computedHash and bytes', async () => {
    const run = await runCliInProcess(
      ['skills', 'add', source, '--skill', '*', '--yes', '--copy', '--agent', 'codex'],
      {
        cwd: project,
        home,
      },
    );
    expect(run.status).toBe(0);
    const ourLock = readFileSync(path.join(project, 'skills-lock.json'), 'utf8');
    // A fresh checkout holding only our lock: `skills experimental_install` reads it and reinstalls.
    const clone = makeWorkspace();
    try {
      cpSync(path.join(project, 'skills-lock.json'), path.join(clone.project, 'skills-lock.json'));
      const restored = runSkills(['experimental_install'], { cwd: clone.project, home: clone.home });
      expect(restored.status).toBe(0);
      expect(readFileSync(path.join(clone.project, 'skills-lock.json'), 'utf8')).toBe(ourLock);
      expect(readTree(path.join(clone.project, '.agents/skills'))).toEqual(
        readTree(path.join(project, '.agents/skills')),
      );
    } finally {
      rmSync(path.dirname(clone.project), { recursive: true, force: true });
    }
  });
});
