import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CuratorFileSystem,
  type CuratorState,
  readCuratorState,
  runAutomaticCuration,
  runCurator,
} from '../../src/curator/index.js';
import { moveFoldersWithRollback } from '../../src/curator/move-folders.js';
import { daysAgo, NOW, useCuratorProject, writeGeneratedSkill, writeStateFile } from './curator-fixture.js';

const project = useCuratorProject();

const now = () => NOW;

function tracked(firstSeenDaysAgo: number, extra: Record<string, unknown> = {}) {
  return {
    firstSeen: daysAgo(firstSeenDaysAgo).toISOString(),
    useCount: 0,
    state: 'active',
    pinned: false,
    ...extra,
  };
}

async function stateOnDisk(): Promise<CuratorState> {
  return JSON.parse(await readFile(project.paths.stateFile, 'utf8')) as CuratorState;
}

describe('L3 curator run', () => {
  it('L3 a newly seen skill is recorded with a full grace period, not aged, even with an old SKILL.md', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-old', {
      modifiedAt: daysAgo(500),
    });
    const report = await runCurator({ paths: project.paths, now });
    expect(report.changes).toEqual([
      { name: 'learned-skill-old', from: 'new', to: 'active', inactiveDays: 0 },
    ]);
    expect(report.moves).toEqual([]);
    const state = await stateOnDisk();
    expect(state.skills['learned-skill-old']).toEqual({
      firstSeen: NOW.toISOString(),
      useCount: 0,
      state: 'active',
      pinned: false,
    });
    expect(state.lastRunAt).toBe(NOW.toISOString());
    expect((await stat(project.paths.stateFile)).mode & 0o777).toBe(0o600);
  });

  it('L3 stale at 30 days, archived at 90 (the folder moves, nothing is deleted), pinned and user skills untouched', async () => {
    const skills = project.paths.skillsDirectory;
    await writeGeneratedSkill(skills, 'learned-skill-fresh');
    await writeGeneratedSkill(skills, 'learned-skill-idle');
    await writeGeneratedSkill(skills, 'auto-skill-gone', { source: 'auto-skill' });
    await writeGeneratedSkill(skills, 'learned-skill-pinned');
    await writeGeneratedSkill(skills, 'my-own', { source: null });
    await writeStateFile(project.paths, {
      version: 1,
      skills: {
        'learned-skill-fresh': tracked(29),
        'learned-skill-idle': tracked(30),
        'auto-skill-gone': tracked(90),
        'learned-skill-pinned': tracked(400, { pinned: true }),
      },
    });
    const dry = await runCurator({ paths: project.paths, now, dryRun: true });
    expect(dry.moves).toEqual(['auto-skill-gone']);
    expect(existsSync(path.join(skills, 'auto-skill-gone'))).toBe(true);
    expect((await stateOnDisk()).lastRunAt).toBeUndefined();

    const report = await runCurator({ paths: project.paths, now });
    expect(report.changes).toEqual([
      { name: 'auto-skill-gone', from: 'active', to: 'archived', inactiveDays: 90 },
      { name: 'learned-skill-idle', from: 'active', to: 'stale', inactiveDays: 30 },
    ]);
    expect(existsSync(path.join(skills, 'auto-skill-gone'))).toBe(false);
    expect(
      await readFile(path.join(project.paths.archiveDirectory, 'auto-skill-gone', 'SKILL.md'), 'utf8'),
    ).toContain('source: auto-skill');
    expect(existsSync(path.join(skills, 'my-own', 'SKILL.md'))).toBe(true);
    const state = await stateOnDisk();
    expect(state.skills['auto-skill-gone']).toMatchObject({
      state: 'archived',
      archivedAt: NOW.toISOString(),
    });
    expect(state.skills['learned-skill-idle']?.state).toBe('stale');
    expect(state.skills['learned-skill-pinned']?.state).toBe('active');
    expect(state.skills['my-own']).toBeUndefined();
  });

  it('L3 a failure after the first move rolls the moves back and writes no state', async () => {
    const skills = project.paths.skillsDirectory;
    await writeGeneratedSkill(skills, 'learned-skill-a');
    await writeGeneratedSkill(skills, 'learned-skill-b');
    const before = {
      version: 1,
      skills: { 'learned-skill-a': tracked(100), 'learned-skill-b': tracked(100) },
    };
    await writeStateFile(project.paths, before);
    let calls = 0;
    const failSecond: CuratorFileSystem = {
      async rename(from, to) {
        calls++;
        if (calls === 2) throw Object.assign(new Error('injected: disk went away'), { code: 'EIO' });
        await rename(from, to);
      },
    };
    await expect(runCurator({ paths: project.paths, now, fileSystem: failSecond })).rejects.toThrow(
      'injected: disk went away',
    );
    expect(calls).toBe(3); // move a, fail on b, put a back
    expect(existsSync(path.join(skills, 'learned-skill-a', 'SKILL.md'))).toBe(true);
    expect(existsSync(path.join(skills, 'learned-skill-b', 'SKILL.md'))).toBe(true);
    expect(existsSync(path.join(project.paths.archiveDirectory, 'learned-skill-a'))).toBe(false);
    expect(await stateOnDisk()).toEqual(before);
  });

  it('L3 a failed rollback reports both errors and names the folder to move back', async () => {
    const skills = project.paths.skillsDirectory;
    await writeGeneratedSkill(skills, 'learned-skill-a');
    await writeGeneratedSkill(skills, 'learned-skill-b');
    await writeStateFile(project.paths, {
      version: 1,
      skills: { 'learned-skill-a': tracked(100), 'learned-skill-b': tracked(100) },
    });
    let calls = 0;
    const failFromSecond: CuratorFileSystem = {
      async rename(from, to) {
        calls++;
        if (calls === 2) throw new Error('injected: move failed');
        if (calls === 3) throw new Error('injected: rollback failed');
        await rename(from, to);
      },
    };
    const error = await runCurator({ paths: project.paths, now, fileSystem: failFromSecond }).catch(
      (caught: unknown) => caught as Error & { code: string; details: Record<string, unknown> },
    );
    expect(error.code).toBe('curator_rollback_failed');
    expect(error.message).toContain('injected: move failed');
    expect(error.message).toContain('injected: rollback failed');
    expect(error.message).toContain(path.join(project.paths.archiveDirectory, 'learned-skill-a'));
    expect(error.details.rollbackErrors).toEqual([
      expect.objectContaining({ name: 'learned-skill-a', message: 'injected: rollback failed' }),
    ]);
    // Nothing was lost: the folder is in the archive, where the message says.
    expect(existsSync(path.join(project.paths.archiveDirectory, 'learned-skill-a', 'SKILL.md'))).toBe(true);
  });

  it('L3 a failed commit (the state write) after the moves puts the folders back', async () => {
    const skills = project.paths.skillsDirectory;
    await writeGeneratedSkill(skills, 'learned-skill-a');
    await writeGeneratedSkill(skills, 'learned-skill-b');
    const moves = ['learned-skill-a', 'learned-skill-b'].map((name) => ({
      name,
      from: skills,
      to: project.paths.archiveDirectory,
    }));
    await expect(
      moveFoldersWithRollback(moves, async () => {
        expect(existsSync(path.join(project.paths.archiveDirectory, 'learned-skill-b'))).toBe(true);
        throw new Error('injected: state write failed');
      }),
    ).rejects.toThrow('injected: state write failed');
    expect(existsSync(path.join(skills, 'learned-skill-a', 'SKILL.md'))).toBe(true);
    expect(existsSync(path.join(skills, 'learned-skill-b', 'SKILL.md'))).toBe(true);
  });

  it('SEC1 an archive folder that is a link out of the project is refused before anything moves', async () => {
    const skills = project.paths.skillsDirectory;
    await writeGeneratedSkill(skills, 'learned-skill-a');
    await writeStateFile(project.paths, { version: 1, skills: { 'learned-skill-a': tracked(100) } });
    const outside = path.join(path.dirname(project.root), 'elsewhere');
    await mkdir(outside);
    await symlink(outside, project.paths.archiveDirectory);
    await expect(runCurator({ paths: project.paths, now })).rejects.toMatchObject({
      code: 'symlink_refused',
    });
    expect(existsSync(path.join(skills, 'learned-skill-a', 'SKILL.md'))).toBe(true);
    expect(await readdir(outside)).toEqual([]);
  });

  it('L3 a skill archived earlier whose folder is back by hand is active again', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-back');
    await writeStateFile(project.paths, {
      version: 1,
      skills: {
        'learned-skill-back': tracked(200, { state: 'archived', archivedAt: daysAgo(50).toISOString() }),
      },
    });
    await runCurator({ paths: project.paths, now });
    expect((await readCuratorState(project.paths)).skills['learned-skill-back']).toMatchObject({
      state: 'active',
      lastActivity: NOW.toISOString(),
    });
  });
});

describe('L3 automatic maintenance', () => {
  it('L3 does nothing while auto skill is off', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
    expect(await runAutomaticCuration({ paths: project.paths, settings: {}, now })).toEqual({
      ran: false,
      reason: 'auto_skill_off',
    });
    expect(existsSync(project.paths.stateFile)).toBe(false);
  });

  it('L3 runs when due, then not again within 7 days, then again after', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
    const settings = { memory: { enableAutoSkill: true } };
    const first = await runAutomaticCuration({ paths: project.paths, settings, now });
    expect(first.ran).toBe(true);
    const sixDaysLater = new Date(NOW.getTime() + 6 * 24 * 3600 * 1000);
    expect(await runAutomaticCuration({ paths: project.paths, settings, now: () => sixDaysLater })).toEqual({
      ran: false,
      reason: 'not_due',
    });
    const sevenDaysLater = new Date(NOW.getTime() + 7 * 24 * 3600 * 1000);
    const third = await runAutomaticCuration({ paths: project.paths, settings, now: () => sevenDaysLater });
    expect(third.ran).toBe(true);
    expect((await readCuratorState(project.paths)).lastRunAt).toBe(sevenDaysLater.toISOString());
  });

  it('L3 two sessions starting together run maintenance once (re-checked under the lock)', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
    const settings = { memory: { enableAutoSkill: true } };
    const results = await Promise.all([
      runAutomaticCuration({ paths: project.paths, settings, now }),
      runAutomaticCuration({ paths: project.paths, settings, now }),
    ]);
    expect(results.filter((result) => result.ran)).toHaveLength(1);
    expect(results.filter((result) => !result.ran)).toEqual([{ ran: false, reason: 'not_due' }]);
  });
});
