import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmInstall } from '../../../src/install/confirm-install.js';
import { readProjectLock } from '../../../src/install/locks/project-lock.js';
import { removeInstalled } from '../../../src/install/remove-installed.js';
import { failingFaults, makeLocalDraft, snapshotTree, writeSourceSkill } from './publish-fixtures.js';

let base: string;
let source: string;
let projectRoot: string;
let home: string;
let staging: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-remove-'));
  source = path.join(base, 'source');
  projectRoot = path.join(base, 'project');
  home = path.join(base, 'home');
  staging = path.join(base, 'staging');
  for (const folder of [
    source,
    home,
    staging,
    path.join(projectRoot, '.git'),
    path.join(projectRoot, '.qwen'),
  ])
    mkdirSync(folder, { recursive: true });
  writeSourceSkill(source, 'pdf');
  writeSourceSkill(source, 'csv');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const target = () => ({ scope: 'project' as const, projectRoot, home, env: {} });

async function install(mode: 'symlink' | 'copy') {
  const draft = await makeLocalDraft(source, ['pdf', 'csv'], staging);
  await confirmInstall(draft, { ...target(), ids: '*', agents: ['claude-code', 'codex', 'qwen-code'], mode });
}

describe('removeInstalled', () => {
  it('P7 removes every folder and link of a skill and its lock entry, leaving the others', async () => {
    await install('symlink');
    const result = await removeInstalled(['pdf'], target());
    expect(result.removed[0]?.unlocked).toBe(true);
    expect(result.removed[0]?.paths.map((item) => path.relative(projectRoot, item)).sort()).toEqual([
      '.agents/skills/pdf',
      '.claude/skills/pdf',
      '.qwen/skills/pdf',
    ]);
    for (const folder of ['.agents/skills/pdf', '.claude/skills/pdf', '.qwen/skills/pdf'])
      expect(existsSync(path.join(projectRoot, folder))).toBe(false);
    expect(lstatSync(path.join(projectRoot, '.claude/skills/csv')).isSymbolicLink()).toBe(true);
    expect(Object.keys((await readProjectLock(projectRoot)).skills)).toEqual(['csv']);
  });

  it('P7 with agents removes only their folders and keeps the lock entry while copies remain', async () => {
    await install('copy');
    const result = await removeInstalled(['pdf'], { ...target(), agents: ['claude-code'] });
    expect(result.removed[0]).toMatchObject({
      paths: [path.join(projectRoot, '.claude/skills/pdf')],
      unlocked: false,
    });
    expect(existsSync(path.join(projectRoot, '.agents/skills/pdf/SKILL.md'))).toBe(true);
    expect(Object.keys((await readProjectLock(projectRoot)).skills)).toEqual(['csv', 'pdf']);
  });

  it('P7 removing the shared folder also removes links that would dangle', async () => {
    await install('symlink');
    const result = await removeInstalled(['pdf'], { ...target(), agents: ['codex'] });
    expect(result.removed[0]?.unlocked).toBe(true);
    expect(existsSync(path.join(projectRoot, '.claude/skills/pdf'))).toBe(false);
    expect(() => lstatSync(path.join(projectRoot, '.claude/skills/pdf'))).toThrow();
  });

  it('P7 an id that is not installed is an error and nothing changes', async () => {
    await install('copy');
    const before = snapshotTree(projectRoot, home);
    await expect(removeInstalled(['pdf', 'nope'], target())).rejects.toMatchObject({
      code: 'skill_not_installed',
    });
    expect(snapshotTree(projectRoot, home)).toEqual(before);
  });

  for (const mode of ['symlink', 'copy'] as const) {
    it(`P8 a failure at any remove step (${mode}) leaves the previous state byte-identical`, async () => {
      await install(mode);
      const before = snapshotTree(projectRoot, home);
      const recorder = failingFaults();
      // Record the steps on a copy of the state, then restore it by reinstalling.
      await removeInstalled(['pdf', 'csv'], { ...target(), faults: recorder });
      const steps = [...recorder.steps];
      expect(new Set(steps)).toEqual(new Set(['move-aside', 'lock-write', 'old-removal']));
      rmSync(path.join(projectRoot, 'skills-lock.json'));
      await install(mode);
      expect(snapshotTree(projectRoot, home)).toEqual(before);
      for (let failAt = 0; failAt < steps.length; failAt++) {
        await expect(
          removeInstalled(['pdf', 'csv'], { ...target(), faults: failingFaults(failAt) }),
        ).rejects.toThrow(/injected failure/);
        expect([steps[failAt], failAt, snapshotTree(projectRoot, home)]).toEqual([
          steps[failAt],
          failAt,
          before,
        ]);
      }
    });
  }
});
