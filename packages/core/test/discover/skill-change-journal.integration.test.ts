import { execFile } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverSkills } from '../../src/discover/discover-skills.js';
import { SkillChangeJournal } from '../../src/discover/skill-change-journal.js';
import { SkillWatcher } from '../../src/discover/skill-watcher.js';
import { temporaryDirectory, writeSkill, writeWatchedProject } from './skill-tree.js';

const run = promisify(execFile);
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function tracked() {
  const { project, home, skills } = await writeWatchedProject();
  const watcher = new SkillWatcher({
    projectRoot: project,
    homeDirectory: home,
    trusted: true,
    watch: false,
    trackChanges: true,
  });
  closers.push(() => watcher.close());
  const first = await watcher.start();
  /** The snapshot's skills as a fresh discovery sees them. */
  const expectLikeFullDiscovery = async (what: string) => {
    const full = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    expect(
      watcher.snapshot!.skills.map((skill) => [skill.id, skill.description, skill.directory, skill.files]),
      what,
    ).toEqual(
      full.skills
        .filter((skill, index, all) => all.findIndex((other) => other.id === skill.id) === index)
        .sort((left, right) => (left.id < right.id ? -1 : 1))
        .map((skill) => [skill.id, skill.description, skill.directory, skill.files]),
    );
  };
  return { project, home, skills, watcher, first, expectLikeFullDiscovery };
}

/** Rewrites a SKILL.md's description from another process, the way an editor or `git` would. */
async function editFromAnotherProcess(file: string, description: string): Promise<void> {
  const script = `const fs = require('node:fs'); const [file, description] = process.argv.slice(1);
fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^description: .*$/m, 'description: ' + description));`;
  await run(process.execPath, ['-e', script, file, description]);
}

describe('SkillWatcher with trackChanges (issue 9 §7)', () => {
  it('D7 R7 an edit made by another process between two refreshes is in the very next one', async () => {
    const { skills, watcher, first } = await tracked();
    expect(await watcher.refresh()).toBe(first);
    for (const round of [1, 2, 3]) {
      await editFromAnotherProcess(join(skills, 'alpha', 'SKILL.md'), `Alpha edited ${round}.`);
      const next = await watcher.refresh();
      expect(next.get('alpha')?.description).toBe(`Alpha edited ${round}.`);
      // Unedited skills are the very objects of the first snapshot: nothing else was read.
      expect(next.get('notes')).toBe(first.get('notes'));
      expect(await watcher.refresh()).toBe(next);
    }
  });

  it('D7 follows a skill folder removed and made again, then edited in place', async () => {
    const { skills, watcher, expectLikeFullDiscovery } = await tracked();
    await rm(join(skills, 'alpha'), { recursive: true });
    await writeSkill(join(skills, 'alpha'), { description: 'Alpha again.' });
    expect((await watcher.refresh()).get('alpha')?.description).toBe('Alpha again.');
    // The new folder is another inode: its edits still reach the journal.
    await editFromAnotherProcess(join(skills, 'alpha', 'SKILL.md'), 'Alpha edited in place.');
    expect((await watcher.refresh()).get('alpha')?.description).toBe('Alpha edited in place.');
    await expectLikeFullDiscovery('after a re-created folder');
  });

  it('D7 follows renamed folders, new groups, nested skills and supporting files', async () => {
    const { skills, watcher, expectLikeFullDiscovery } = await tracked();
    const steps: [string, () => Promise<unknown>][] = [
      ['a renamed skill folder', () => rename(join(skills, 'beta'), join(skills, 'gamma'))],
      [
        'an edit inside the renamed folder',
        () => editFromAnotherProcess(join(skills, 'gamma', 'SKILL.md'), 'Renamed and edited.'),
      ],
      ['an empty group folder', () => mkdir(join(skills, 'group'))],
      ['a skill inside the group', () => writeSkill(join(skills, 'group', 'delta'))],
      ['a supporting file', () => writeFile(join(skills, 'group', 'delta', 'notes.md'), 'notes')],
      ['the group removed', () => rm(join(skills, 'group'), { recursive: true })],
      ['a SKILL.md removed', () => rm(join(skills, 'alpha', 'SKILL.md'))],
    ];
    for (const [what, step] of steps) {
      await step();
      await watcher.refresh();
      await expectLikeFullDiscovery(what);
    }
    // The skill keeps its id (its name is beta) and now lives in the renamed folder.
    expect(watcher.snapshot!.get('beta')?.directory).toBe(join(skills, 'gamma'));
    expect(watcher.snapshot!.get('beta')?.description).toBe('Renamed and edited.');
  });

  it('D7 a settings change still rediscovers everything', async () => {
    const { project, watcher } = await tracked();
    await mkdir(join(project, '.skilldock'), { recursive: true });
    await writeFile(
      join(project, '.skilldock', 'settings.json'),
      JSON.stringify({ skills: { disabled: ['beta'] } }),
    );
    const next = await watcher.refresh();
    expect(next.get('beta')).toBeUndefined();
    expect(next.disabled).toEqual(['beta']);
  });
});

describe('SkillChangeJournal', () => {
  it('D7 records the entries that change in an armed folder, and nothing once drained', async () => {
    const folder = await temporaryDirectory();
    const journal = new SkillChangeJournal();
    closers.push(() => journal.close());
    journal.arm(folder);
    expect(await journal.drain()).toEqual({ paths: [], complete: true });
    await writeFile(join(folder, 'a.txt'), 'a');
    const drained = await journal.drain();
    expect(drained.complete).toBe(true);
    expect(drained.paths).toEqual([join(folder, 'a.txt')]);
    expect(await journal.drain()).toEqual({ paths: [], complete: true });
  });

  it('D7 cannot vouch for a burst larger than the kernel queue may hold, nor for a folder it could not watch', async () => {
    const folder = await temporaryDirectory();
    const journal = new SkillChangeJournal();
    closers.push(() => journal.close());
    journal.arm(folder);
    await Promise.all(
      Array.from({ length: 2001 }, (_, index) => writeFile(join(folder, `${index}.txt`), '')),
    );
    expect((await journal.drain()).complete).toBe(false);
    journal.invalidate();
    expect((await journal.drain()).complete).toBe(false);
    expect((await journal.drain()).complete).toBe(true);
  });
});
