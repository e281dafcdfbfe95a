import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogSnapshot } from '../../src/catalog/types.js';
import { discoverSkills } from '../../src/discover/discover-skills.js';
import { SkillWatcher } from '../../src/discover/skill-watcher.js';
import { writeSkill, writeWatchedProject } from './skill-tree.js';

const watchers: SkillWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((watcher) => watcher.close()));
});

const setup = writeWatchedProject;

function startWatcher(options: ConstructorParameters<typeof SkillWatcher>[0]): SkillWatcher {
  const watcher = new SkillWatcher(options);
  watchers.push(watcher);
  return watcher;
}

/** Resolves with the next snapshot the watcher publishes. */
function nextSnapshot(watcher: SkillWatcher, timeout = 5000): Promise<CatalogSnapshot> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no snapshot')), timeout);
    const unsubscribe = watcher.onSnapshot((snapshot) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(snapshot);
    });
  });
}

/** Timers that run only when the test says so; `scheduled()` resolves once one is pending. */
function manualClock() {
  const timers = new Map<number, () => void>();
  const waiters: (() => void)[] = [];
  let last = 0;
  return {
    setTimeout(callback: () => void): unknown {
      last += 1;
      timers.set(last, callback);
      for (const waiter of waiters.splice(0)) waiter();
      return last;
    },
    clearTimeout(handle: unknown): void {
      timers.delete(handle as number);
    },
    get pending(): number {
      return timers.size;
    },
    scheduled(): Promise<void> {
      return timers.size > 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    fire(): void {
      const due = [...timers.values()];
      timers.clear();
      for (const callback of due) callback();
    },
  };
}

describe('SkillWatcher', () => {
  it('D7 refreshes one edited skill and returns a new immutable snapshot with a higher version', async () => {
    const { project, home, skills } = await setup();
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, watch: false });
    const first = await watcher.start();
    expect(first.version).toBe(1);
    expect(first.skills.map((skill) => skill.id)).toEqual(['alpha', 'beta', 'notes']);
    await writeSkill(join(skills, 'alpha'), { description: 'Alpha v2.' });
    const second = await watcher.refresh([join(skills, 'alpha', 'SKILL.md')]);
    expect(second.version).toBe(2);
    expect(second.get('alpha')?.description).toBe('Alpha v2.');
    expect(first.get('alpha')?.description).toBe('Alpha v1.');
    expect(Object.isFrozen(second)).toBe(true);
    expect(Object.isFrozen(second.skills)).toBe(true);
    // Untouched skills are the very same objects: only the edited folder was reloaded.
    expect(second.get('beta')).toBe(first.get('beta'));
  });

  it('D7 a full refresh with nothing changed on disk returns the very same snapshot', async () => {
    const { project, home } = await setup();
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, watch: false });
    const first = await watcher.start();
    expect(await watcher.refresh()).toBe(first);
    expect(await watcher.refresh()).toBe(first);
    expect(first.version).toBe(1);
  });

  it.each([
    ['by stamp', false],
    ['by change journal', true],
  ])(
    'D7 a full refresh reuses unchanged skills %s and reloads every kind of change, like a full discovery',
    async (_how, trackChanges) => {
      const { project, home, skills } = await setup();
      const watcher = startWatcher({
        projectRoot: project,
        homeDirectory: home,
        trusted: true,
        watch: false,
        trackChanges,
      });
      const first = await watcher.start();
      const changes: [string, () => Promise<unknown>, (snapshot: CatalogSnapshot) => void][] = [
        [
          'an edited SKILL.md',
          () => writeSkill(join(skills, 'alpha'), { description: 'Alpha v2.' }),
          (snapshot) => expect(snapshot.get('alpha')?.description).toBe('Alpha v2.'),
        ],
        [
          'a supporting file added beside SKILL.md',
          () => writeFile(join(skills, 'beta', 'guide.md'), 'guide'),
          (snapshot) => expect(snapshot.get('beta')?.files).toEqual([{ path: 'guide.md', size: 5 }]),
        ],
        [
          'a new skill folder',
          () => writeSkill(join(skills, 'gamma')),
          (snapshot) => expect(snapshot.get('gamma')).toBeDefined(),
        ],
        [
          'a removed skill folder',
          () => rm(join(skills, 'gamma'), { recursive: true }),
          (snapshot) => expect(snapshot.get('gamma')).toBeUndefined(),
        ],
        [
          'a SKILL.md replaced by a file of the same size',
          async () => {
            const file = join(skills, 'alpha', 'SKILL.md');
            const next = `${file}.next`;
            await writeSkill(join(skills, 'alpha'), { description: 'Alpha v3.' });
            await rename(file, next);
            await rename(next, file);
          },
          (snapshot) => expect(snapshot.get('alpha')?.description).toBe('Alpha v3.'),
        ],
      ];
      let previous = first;
      for (const [what, change, check] of changes) {
        await change();
        const next = await watcher.refresh();
        expect(next.version, what).toBe(previous.version + 1);
        check(next);
        const full = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
        expect(
          next.skills.map((skill) => [skill.id, skill.description, skill.files]),
          what,
        ).toEqual(full.skills.map((skill) => [skill.id, skill.description, skill.files]));
        // Skills that did not change are the very same objects: they were neither read nor parsed.
        expect(next.get('notes')).toBe(first.get('notes'));
        previous = next;
      }
    },
  );

  it('D7 an incremental refresh keeps the stamps, so the next full refresh reloads nothing', async () => {
    const { project, home, skills } = await setup();
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, watch: false });
    const first = await watcher.start();
    await writeSkill(join(skills, 'alpha'), { description: 'Alpha v2.' });
    await writeSkill(join(skills, 'gamma'));
    const second = await watcher.refresh([join(skills, 'alpha', 'SKILL.md'), join(skills, 'gamma')]);
    expect(second.get('gamma')).toBeDefined();
    // Nothing changed since: the very same snapshot, every skill reused by its stamp.
    expect(await watcher.refresh()).toBe(second);
    expect(second.get('notes')).toBe(first.get('notes'));
  });

  it('D7 handles added and removed skill folders incrementally, matching a full discovery', async () => {
    const { project, home, skills } = await setup();
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, watch: false });
    await watcher.start();
    await writeSkill(join(skills, 'group', 'gamma'));
    await rm(join(skills, 'beta'), { recursive: true });
    const snapshot = await watcher.refresh([join(skills, 'group'), join(skills, 'beta')]);
    expect(snapshot.skills.map((skill) => skill.id)).toEqual(['alpha', 'gamma', 'notes']);
    const fresh = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    expect(watcher.discovery?.skills.map((skill) => skill.directory)).toEqual(
      fresh.skills.map((skill) => skill.directory),
    );
  });

  it('D7 notices a SKILL.md removed from a folder and finds skills nested inside it', async () => {
    const { project, home, skills } = await setup();
    await writeSkill(join(skills, 'alpha', 'inner'));
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, watch: false });
    expect((await watcher.start()).get('inner')).toBeUndefined();
    await rm(join(skills, 'alpha', 'SKILL.md'));
    const snapshot = await watcher.refresh([join(skills, 'alpha', 'SKILL.md')]);
    expect(snapshot.skills.map((skill) => skill.id)).toEqual(['beta', 'inner', 'notes']);
  });

  it('D1 restores the shadowed skill when the overriding one is removed', async () => {
    const { project, home, skills } = await setup();
    await writeSkill(join(skills, 'notes'), { description: 'Project notes.' });
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, watch: false });
    const first = await watcher.start();
    expect(first.get('notes')?.origin.sourceType).toBe('project');
    await rm(join(skills, 'notes'), { recursive: true });
    const second = await watcher.refresh([join(skills, 'notes')]);
    expect(second.get('notes')?.origin.sourceType).toBe('personal');
    expect(second.shadowed).toEqual([]);
  });

  it('D7 keeps the skills of a source that breaks and never empties the others', async () => {
    const { project, home } = await setup();
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, watch: false });
    await watcher.start();
    // Replace the personal root with a file: the folder can no longer be read.
    await rename(join(home, '.agents', 'skills'), join(home, '.agents', 'moved'));
    await writeFile(join(home, '.agents', 'skills'), 'not a folder');
    const snapshot = await watcher.refresh();
    expect(snapshot.skills.map((skill) => skill.id)).toEqual(['alpha', 'beta', 'notes']);
    expect(snapshot.diagnostics).toMatchObject([
      { code: 'skill_root_unreadable', file: join(home, '.agents', 'skills') },
    ]);
    expect(
      watcher.discovery?.roots.find((root) => root.sourceType === 'personal' && root.status === 'failed'),
    ).toBeDefined();
  });

  it('D7 debounces a burst of edits into one refresh with a higher version', async () => {
    const { project, home, skills } = await setup();
    const clock = manualClock();
    const watcher = startWatcher({ projectRoot: project, homeDirectory: home, trusted: true, clock });
    const first = await watcher.start();
    const versions: number[] = [];
    watcher.onSnapshot((snapshot) => versions.push(snapshot.version));
    for (let edit = 2; edit <= 4; edit++)
      await writeSkill(join(skills, 'alpha'), { description: `Alpha v${edit}.` });
    // Wait on the file event itself, not on wall-clock time: it schedules the quiet period.
    await clock.scheduled();
    // However many events the burst made, one quiet period is pending and nothing refreshed yet.
    expect(clock.pending).toBe(1);
    expect(versions).toEqual([]);
    const next = nextSnapshot(watcher);
    clock.fire();
    const snapshot = await next;
    expect(snapshot.version).toBe(first.version + 1);
    expect(snapshot.get('alpha')?.description).toBe('Alpha v4.');
    expect(versions).toEqual([first.version + 1]);
  });

  it('D7 publishes added and removed skills seen by the file watcher', async () => {
    const { project, home, skills } = await setup();
    const watcher = startWatcher({
      projectRoot: project,
      homeDirectory: home,
      trusted: true,
      debounceMilliseconds: 50,
    });
    await watcher.start();
    let next = nextSnapshot(watcher);
    await writeSkill(join(skills, 'delta'));
    let snapshot = await next;
    while (snapshot.get('delta') === undefined) snapshot = await nextSnapshot(watcher);
    expect(snapshot.skills.map((skill) => skill.id)).toEqual(['alpha', 'beta', 'delta', 'notes']);
    next = nextSnapshot(watcher);
    await rm(join(skills, 'beta'), { recursive: true });
    snapshot = await next;
    while (snapshot.get('beta') !== undefined) snapshot = await nextSnapshot(watcher);
    expect(snapshot.skills.map((skill) => skill.id)).toEqual(['alpha', 'delta', 'notes']);
  });

  it('D7 picks up a skill folder root created after start', async () => {
    const { project, home } = await setup();
    const watcher = startWatcher({
      projectRoot: project,
      homeDirectory: home,
      trusted: true,
      debounceMilliseconds: 50,
    });
    await watcher.start();
    const next = nextSnapshot(watcher);
    await writeSkill(join(project, '.claude', 'skills', 'late'));
    let snapshot = await next;
    while (snapshot.get('late') === undefined) snapshot = await nextSnapshot(watcher);
    expect(snapshot.get('late')?.origin.sourceDir).toBe(join(project, '.claude', 'skills'));
  });
});
