import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkInstalled } from '../../../src/install/check-installed.js';
import { confirmInstall } from '../../../src/install/confirm-install.js';
import { readGlobalLock } from '../../../src/install/locks/global-lock.js';
import { readProjectLock } from '../../../src/install/locks/project-lock.js';
import { prepareInstall } from '../../../src/install/prepare-install.js';
import { updateInstalled } from '../../../src/install/update-installed.js';
import { failingFaults, snapshotTree, writeSourceSkill } from './publish-fixtures.js';

let base: string;
let source: string;
let projectRoot: string;
let home: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-update-'));
  projectRoot = path.join(base, 'project');
  // Inside the project: a project lock's local source must be (SPEC SEC1); the global tests use it too.
  source = path.join(projectRoot, 'vendor');
  home = path.join(base, 'home');
  for (const folder of [source, home, path.join(projectRoot, '.git'), path.join(projectRoot, '.qwen')])
    mkdirSync(folder, { recursive: true });
  writeSourceSkill(path.join(source, 'skills'), 'pdf');
  writeSourceSkill(path.join(source, 'skills'), 'csv');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const target = (scope: 'project' | 'global' = 'project') => ({ scope, projectRoot, home, env: {} });

async function install(mode: 'symlink' | 'copy', scope: 'project' | 'global' = 'project') {
  const draft = await prepareInstall(source, { cwd: projectRoot });
  await confirmInstall(draft, {
    ...target(scope),
    ids: '*',
    agents: ['claude-code', 'codex', 'qwen-code'],
    mode,
  });
}

describe('checkInstalled and updateInstalled', () => {
  it('P7 check reports up to date, then changed after the source changed, and writes nothing', async () => {
    await install('symlink');
    expect((await checkInstalled(target())).skills.map((skill) => [skill.id, skill.status])).toEqual([
      ['csv', 'upToDate'],
      ['pdf', 'upToDate'],
    ]);
    writeFileSync(path.join(source, 'skills/pdf/references/notes.md'), '# changed\n');
    const before = snapshotTree(projectRoot, home);
    const { skills } = await checkInstalled(target());
    expect(skills.map((skill) => [skill.id, skill.status])).toEqual([
      ['csv', 'upToDate'],
      ['pdf', 'changed'],
    ]);
    expect(snapshotTree(projectRoot, home)).toEqual(before);
    rmSync(path.join(source, 'skills/csv'), { recursive: true });
    expect((await checkInstalled(target())).skills.find((skill) => skill.id === 'csv')?.status).toBe(
      'sourceMissing',
    );
  });

  it('P7 update replaces the changed skill in place, keeps links and rewrites the lock', async () => {
    await install('symlink');
    writeFileSync(path.join(source, 'skills/pdf/references/notes.md'), '# changed\n');
    const result = await updateInstalled(target());
    expect(result.updated).toEqual(['pdf']);
    expect(readFileSync(path.join(projectRoot, '.claude/skills/pdf/references/notes.md'), 'utf8')).toBe(
      '# changed\n',
    );
    expect(readlinkSync(path.join(projectRoot, '.claude/skills/pdf'))).toBe('../../.agents/skills/pdf');
    const lock = await readProjectLock(projectRoot);
    const status = await checkInstalled(target());
    expect(status.skills.every((skill) => skill.status === 'upToDate')).toBe(true);
    expect(lock.skills.pdf?.computedHash).toBe(status.skills.find((skill) => skill.id === 'pdf')?.installed);
  });

  it('P7 a global update records the new revision and keeps installedAt', async () => {
    await install('copy', 'global');
    const first = await readGlobalLock(home);
    writeFileSync(
      path.join(source, 'skills/csv/SKILL.md'),
      '---\nname: csv\ndescription: New.\n---\nNew body\n',
    );
    await updateInstalled({ ...target('global'), now: new Date(Date.now() + 60_000) });
    const second = await readGlobalLock(home);
    expect(second.skills.csv?.revision).not.toBe(first.skills.csv?.revision);
    expect(second.skills.csv?.installedAt).toBe(first.skills.csv?.installedAt);
    expect(second.skills.csv?.updatedAt).not.toBe(first.skills.csv?.updatedAt);
    expect(second.skills.pdf).toEqual(first.skills.pdf);
    expect(readFileSync(path.join(home, '.claude/skills/csv/SKILL.md'), 'utf8')).toContain('New body');
  });

  for (const mode of ['symlink', 'copy'] as const) {
    it(`P8 a failure at any update step (${mode}) leaves the previous state byte-identical`, async () => {
      await install(mode);
      writeFileSync(path.join(source, 'skills/pdf/references/notes.md'), '# changed pdf\n');
      writeFileSync(path.join(source, 'skills/csv/references/notes.md'), '# changed csv\n');
      const before = snapshotTree(projectRoot, home);
      const lockBefore = readFileSync(path.join(projectRoot, 'skills-lock.json'));
      const recorder = failingFaults();
      const steps: string[] = [];
      // Record the steps on a throwaway copy of the project.
      const copy = path.join(base, 'copy');
      const { cpSync } = await import('node:fs');
      cpSync(projectRoot, copy, { recursive: true, verbatimSymlinks: true });
      // The copy's lock names its own vendored source, as a moved project's would.
      const copyLock = path.join(copy, 'skills-lock.json');
      writeFileSync(copyLock, readFileSync(copyLock, 'utf8').replaceAll(projectRoot, copy));
      await updateInstalled({ scope: 'project', projectRoot: copy, home, env: {}, faults: recorder });
      steps.push(...recorder.steps);
      expect(new Set(steps)).toEqual(
        new Set(['stage-copy', 'move-aside', 'rename', 'lock-write', 'old-removal']),
      );
      for (let failAt = 0; failAt < steps.length; failAt++) {
        await expect(updateInstalled({ ...target(), faults: failingFaults(failAt) })).rejects.toThrow(
          /injected failure/,
        );
        expect([steps[failAt], failAt, snapshotTree(projectRoot, home)]).toEqual([
          steps[failAt],
          failAt,
          before,
        ]);
      }
      expect(readFileSync(path.join(projectRoot, 'skills-lock.json'))).toEqual(lockBefore);
    });
  }
});
