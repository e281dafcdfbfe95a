import { existsSync } from 'node:fs';
import { mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  pinGeneratedSkill,
  readCuratorState,
  restoreArchivedSkill,
  runCurator,
} from '../../src/curator/index.js';
import { daysAgo, NOW, useCuratorProject, writeGeneratedSkill, writeStateFile } from './curator-fixture.js';

const project = useCuratorProject();
const now = () => NOW;

describe('L3 pin, unpin and restore', () => {
  it('L3 a pinned skill never ages; unpinned it ages again from the unpin', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
    await writeStateFile(project.paths, {
      version: 1,
      skills: {
        'learned-skill-a': {
          firstSeen: daysAgo(200).toISOString(),
          useCount: 0,
          state: 'stale',
          pinned: false,
        },
      },
    });
    const pinned = await pinGeneratedSkill('.agents/skills/learned-skill-a', true, {
      paths: project.paths,
      cwd: project.root,
      now,
    });
    expect(pinned.record).toMatchObject({ pinned: true, state: 'active' });
    const later = () => new Date(NOW.getTime() + 365 * 24 * 3600 * 1000);
    expect((await runCurator({ paths: project.paths, now: later })).moves).toEqual([]);
    await pinGeneratedSkill('learned-skill-a', false, {
      paths: project.paths,
      cwd: project.root,
      now: later,
    });
    const soon = () => new Date(later().getTime() + 29 * 24 * 3600 * 1000);
    expect((await runCurator({ paths: project.paths, now: soon })).changes).toEqual([]);
    expect(existsSync(path.join(project.paths.skillsDirectory, 'learned-skill-a'))).toBe(true);
  });

  it('L3 restore brings an archived folder back, active, with a fresh start', async () => {
    await writeGeneratedSkill(project.paths.archiveDirectory, 'learned-skill-a');
    await writeStateFile(project.paths, {
      version: 1,
      skills: {
        'learned-skill-a': {
          firstSeen: daysAgo(200).toISOString(),
          useCount: 4,
          state: 'archived',
          pinned: false,
          archivedAt: daysAgo(10).toISOString(),
        },
      },
    });
    const restored = await restoreArchivedSkill('learned-skill-a', {
      paths: project.paths,
      cwd: project.root,
      now,
    });
    expect(restored.directory).toBe(path.join(project.paths.skillsDirectory, 'learned-skill-a'));
    expect(existsSync(path.join(restored.directory, 'SKILL.md'))).toBe(true);
    expect(existsSync(path.join(project.paths.archiveDirectory, 'learned-skill-a'))).toBe(false);
    const record = (await readCuratorState(project.paths)).skills['learned-skill-a'];
    expect(record).toEqual({
      firstSeen: daysAgo(200).toISOString(),
      useCount: 4,
      state: 'active',
      pinned: false,
      lastActivity: NOW.toISOString(),
    });
    expect((await runCurator({ paths: project.paths, now })).moves).toEqual([]);
  });

  it('L3 restore refuses to overwrite a skill of the same name in the skills folder', async () => {
    await writeGeneratedSkill(project.paths.archiveDirectory, 'learned-skill-a');
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a', { source: null });
    await expect(
      restoreArchivedSkill('learned-skill-a', { paths: project.paths, cwd: project.root, now }),
    ).rejects.toMatchObject({ code: 'skill_exists' });
    expect(existsSync(path.join(project.paths.archiveDirectory, 'learned-skill-a', 'SKILL.md'))).toBe(true);
  });

  it('L3 pin refuses a user skill (no source field): the curator leaves it alone', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'my-own', { source: null });
    await expect(
      pinGeneratedSkill('my-own', true, { paths: project.paths, cwd: project.root, now }),
    ).rejects.toMatchObject({ code: 'curator_skill_not_found' });
    expect(existsSync(project.paths.stateFile)).toBe(false);
  });

  describe('SEC1 a hostile DIR is refused and nothing is touched', () => {
    it.each([
      '..',
      '.',
      '/etc',
      '../..',
      'a/../../etc',
      '.agents/skills/../../..',
      'C:\\Windows',
      '__proto__',
      'Bad Name',
    ])('SEC1 %s', async (argument) => {
      await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
      await writeGeneratedSkill(project.paths.archiveDirectory, 'learned-skill-b');
      for (const run of [
        () => pinGeneratedSkill(argument, true, { paths: project.paths, cwd: project.root, now }),
        () => pinGeneratedSkill(argument, false, { paths: project.paths, cwd: project.root, now }),
        () => restoreArchivedSkill(argument, { paths: project.paths, cwd: project.root, now }),
      ]) {
        await expect(run()).rejects.toMatchObject({ name: 'SecurityError', code: 'path_outside_folder' });
      }
      expect(existsSync(project.paths.stateFile)).toBe(false);
      expect(await readdir(project.paths.skillsDirectory)).toEqual(['learned-skill-a']);
      expect(await readdir(project.paths.archiveDirectory)).toEqual(['learned-skill-b']);
    });

    it('SEC1 a link named like a skill, in either folder, is refused; its target is never moved', async () => {
      const outside = await writeGeneratedSkill(path.dirname(project.root), 'learned-skill-x');
      await mkdir(project.paths.skillsDirectory, { recursive: true });
      await mkdir(project.paths.archiveDirectory, { recursive: true });
      await symlink(outside, path.join(project.paths.skillsDirectory, 'learned-skill-x'));
      await symlink(outside, path.join(project.paths.archiveDirectory, 'learned-skill-y'));
      await expect(
        pinGeneratedSkill('learned-skill-x', true, { paths: project.paths, cwd: project.root, now }),
      ).rejects.toMatchObject({ code: 'symlink_refused' });
      await expect(
        restoreArchivedSkill('learned-skill-y', { paths: project.paths, cwd: project.root, now }),
      ).rejects.toMatchObject({ code: 'symlink_refused' });
      expect(existsSync(path.join(outside, 'SKILL.md'))).toBe(true);
      expect(await readdir(project.paths.skillsDirectory)).toEqual(['learned-skill-x']);
      expect(existsSync(project.paths.stateFile)).toBe(false);
    });

    it('SEC1 a path to a folder outside the curated folders is refused even when its name looks right', async () => {
      const elsewhere = await writeGeneratedSkill(path.join(project.root, 'docs'), 'learned-skill-a');
      await expect(
        pinGeneratedSkill(elsewhere, true, { paths: project.paths, cwd: project.root, now }),
      ).rejects.toMatchObject({ code: 'path_outside_folder' });
    });
  });
});
