import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmInstall } from '../../../src/install/confirm-install.js';
import { readProjectLock } from '../../../src/install/locks/project-lock.js';
import { failingFaults, makeLocalDraft, snapshotTree, writeSourceSkill } from './publish-fixtures.js';

let base: string;
let source: string;
let projectRoot: string;
let home: string;
let staging: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-confirm-'));
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

describe('confirmInstall', () => {
  it('P7 symlink mode: real copy in .agents/skills, relative links for agents, lock last', async () => {
    const draft = await makeLocalDraft(source, ['pdf', 'csv'], staging);
    const result = await confirmInstall(draft, {
      ...target(),
      ids: '*',
      agents: ['claude-code', 'codex', 'qwen-code'],
      mode: 'symlink',
    });
    expect(result.installed.map((skill) => skill.id)).toEqual(['pdf', 'csv']);
    const canonical = path.join(projectRoot, '.agents/skills/pdf');
    expect(lstatSync(canonical).isDirectory()).toBe(true);
    expect(readlinkSync(path.join(projectRoot, '.claude/skills/pdf'))).toBe('../../.agents/skills/pdf');
    expect(readlinkSync(path.join(projectRoot, '.qwen/skills/pdf'))).toBe('../../.agents/skills/pdf');
    expect(readFileSync(path.join(projectRoot, '.claude/skills/pdf/SKILL.md'), 'utf8')).toContain(
      'name: pdf',
    );
    expect(lstatSync(path.join(canonical, 'scripts/run.sh')).mode & 0o111).not.toBe(0);
    // The draft's private (0700) folder is renamed in, but gets the mode of a fresh folder.
    mkdirSync(path.join(base, 'fresh'));
    expect(lstatSync(canonical).mode & 0o777).toBe(lstatSync(path.join(base, 'fresh')).mode & 0o777);
    const lock = await readProjectLock(projectRoot);
    expect(lock.skills.pdf).toEqual({
      source,
      sourceType: 'local',
      computedHash: draft.skills[0]?.computedHash,
    });
    expect(Object.keys(lock.skills)).toEqual(['csv', 'pdf']);
    // The staging folder goes once the skills are published.
    expect(() => lstatSync(draft.stagingDirectory)).toThrow();
  });

  it('P8 refuses to install over an existing folder, even an empty one, and writes nothing', async () => {
    mkdirSync(path.join(projectRoot, '.claude/skills/csv'), { recursive: true });
    const before = snapshotTree(projectRoot, home);
    const draft = await makeLocalDraft(source, ['pdf', 'csv'], staging);
    await expect(
      confirmInstall(draft, { ...target(), ids: '*', agents: ['claude-code'], mode: 'copy' }),
    ).rejects.toMatchObject({
      code: 'skill_exists',
      message: expect.stringContaining('skilldock skills remove csv'),
    });
    expect(snapshotTree(projectRoot, home)).toEqual(before);
  });

  it('SEC1 an agent folder swapped for a link out during the publish gets nothing, and the publish is undone', async () => {
    const elsewhere = path.join(base, 'elsewhere');
    mkdirSync(elsewhere);
    const before = snapshotTree(projectRoot, home);
    const draft = await makeLocalDraft(source, ['pdf', 'csv'], staging);
    let swapped = false;
    const faults = {
      before() {
        // Once the folders are made and checked, .claude/skills becomes a link out of the project.
        if (swapped) return;
        swapped = true;
        rmSync(path.join(projectRoot, '.claude', 'skills'), { recursive: true });
        symlinkSync(elsewhere, path.join(projectRoot, '.claude', 'skills'));
      },
    };
    await expect(
      confirmInstall(draft, {
        ...target(),
        ids: '*',
        agents: ['codex', 'claude-code'],
        mode: 'copy',
        faults,
      }),
    ).rejects.toMatchObject({ code: 'path_outside_folder' });
    expect(swapped).toBe(true);
    expect(readdirSync(elsewhere)).toEqual([]);
    // The rollback removed the .claude folder it had made, the link with it.
    expect(snapshotTree(projectRoot, home)).toEqual(before);
  });

  const layouts = ['fresh', 'populated'] as const;
  for (const mode of ['symlink', 'copy'] as const) {
    for (const layout of layouts) {
      it(`P8 a failure at any install step (${mode}, ${layout} folders) leaves the previous state byte-identical`, async () => {
        const seed = () => {
          rmSync(projectRoot, { recursive: true, force: true });
          mkdirSync(path.join(projectRoot, '.git'), { recursive: true });
          mkdirSync(path.join(projectRoot, '.qwen'), { recursive: true });
          if (layout === 'populated') {
            for (const folder of ['.agents/skills', '.claude/skills', '.qwen/skills']) {
              writeSourceSkill(path.join(projectRoot, folder), 'other');
            }
          }
          writeFileSync(
            path.join(projectRoot, 'skills-lock.json'),
            `${JSON.stringify({ version: 1, skills: { other: { source: 'a/b', sourceType: 'github', computedHash: 'x' } } }, null, 2)}\n`,
          );
        };
        const options = {
          ...target(),
          ids: '*' as const,
          agents: ['claude-code', 'codex', 'qwen-code'],
          mode,
        };
        seed();
        const before = snapshotTree(projectRoot, home);
        // A successful run lists every step the install takes.
        const recorder = failingFaults();
        await confirmInstall(await makeLocalDraft(source, ['pdf', 'csv'], staging), {
          ...options,
          faults: recorder,
        });
        const steps = [...recorder.steps];
        expect(new Set(steps)).toEqual(
          new Set(['stage-copy', 'rename', ...(mode === 'symlink' ? ['agent-link'] : []), 'lock-write']),
        );
        expect(snapshotTree(projectRoot, home)).not.toEqual(before);
        for (let failAt = 0; failAt < steps.length; failAt++) {
          seed();
          const draft = await makeLocalDraft(source, ['pdf', 'csv'], staging);
          await expect(confirmInstall(draft, { ...options, faults: failingFaults(failAt) })).rejects.toThrow(
            /injected failure/,
          );
          // The draft is intact after a failed confirm: its staged skills are back where they were.
          for (const skill of draft.skills)
            expect(readFileSync(path.join(skill.directory, 'SKILL.md'), 'utf8')).toContain(skill.id);
          expect([steps[failAt], failAt, snapshotTree(projectRoot, home)]).toEqual([
            steps[failAt],
            failAt,
            before,
          ]);
        }
      });
    }
  }

  it('P6 refuses an expired draft', async () => {
    const draft = await makeLocalDraft(source, ['pdf'], staging);
    await expect(
      confirmInstall(draft, {
        ...target(),
        ids: '*',
        agents: ['codex'],
        now: new Date(Date.parse(draft.expiresAt) + 1),
      }),
    ).rejects.toMatchObject({ code: 'draft_expired' });
  });
});
