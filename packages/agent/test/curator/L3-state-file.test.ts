import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_CURATOR_STATE_BYTES,
  readCuratorState,
  readCuratorStatus,
  recordGeneratedSkillUse,
  runCurator,
} from '../../src/curator/index.js';
import { daysAgo, NOW, useCuratorProject, writeGeneratedSkill, writeStateFile } from './curator-fixture.js';

const project = useCuratorProject();

const record = { firstSeen: daysAgo(1).toISOString(), useCount: 2, state: 'active', pinned: false };

describe('L3 the state file is validated on read and never silently reset', () => {
  it('L3 no file is an empty state; a valid one reads back', async () => {
    expect(await readCuratorState(project.paths)).toEqual({ version: 1, skills: {} });
    await writeStateFile(project.paths, { version: 1, skills: { 'learned-skill-a': record } });
    expect((await readCuratorState(project.paths)).skills['learned-skill-a']).toEqual(record);
  });

  it.each([
    ['not JSON', '{"version": 1, "skills": {', 'it is not JSON'],
    ['another version', { version: 2, skills: {} }, 'version'],
    ['another shape', { version: 1, skills: [] }, 'skills'],
    ['an unknown field', { version: 1, skills: {}, extra: true }, 'extra'],
    ['a traversal key', { version: 1, skills: { '../evil': record } }, 'Invalid key'],
    [
      'a __proto__ key',
      '{"version":1,"skills":{"__proto__":{"firstSeen":"2026-01-01T00:00:00Z","useCount":0,"state":"active","pinned":false}}}',
      'not a skill folder name',
    ],
    [
      'a bad date',
      { version: 1, skills: { 'learned-skill-a': { ...record, firstSeen: 'yesterday' } } },
      'firstSeen',
    ],
    [
      'a negative count',
      { version: 1, skills: { 'learned-skill-a': { ...record, useCount: -1 } } },
      'useCount',
    ],
    [
      'an unknown state',
      { version: 1, skills: { 'learned-skill-a': { ...record, state: 'deleted' } } },
      'state',
    ],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), 'unusable'],
  ])('L3 %s is curator_state_corrupt, and a run leaves the file as it was', async (_name, content, says) => {
    await mkdir(path.dirname(project.paths.stateFile), { recursive: true });
    const bytes = Buffer.isBuffer(content)
      ? content
      : Buffer.from(typeof content === 'string' ? content : JSON.stringify(content));
    await writeFile(project.paths.stateFile, bytes);
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
    const error = await readCuratorState(project.paths).catch(
      (caught: unknown) => caught as Error & { code: string },
    );
    expect(error).toMatchObject({ code: 'curator_state_corrupt' });
    expect(error.message).toContain(says);
    expect(error.message).toContain(project.paths.stateFile);
    await expect(runCurator({ paths: project.paths, now: () => NOW })).rejects.toMatchObject({
      code: 'curator_state_corrupt',
    });
    await expect(recordGeneratedSkillUse(project.paths, 'learned-skill-a', NOW)).rejects.toMatchObject({
      code: 'curator_state_corrupt',
    });
    await expect(readCuratorStatus(project.paths)).rejects.toMatchObject({ code: 'curator_state_corrupt' });
    expect(await readFile(project.paths.stateFile)).toEqual(bytes);
  });

  it('L3 a state over the size limit is refused unread', async () => {
    await writeStateFile(project.paths, `{"version":1,"skills":{}}${' '.repeat(MAX_CURATOR_STATE_BYTES)}`);
    await expect(readCuratorState(project.paths)).rejects.toMatchObject({
      code: 'curator_state_too_large',
      details: { limit: MAX_CURATOR_STATE_BYTES },
    });
  });

  it('SEC1 a state file that is a link is refused, and its target is never written', async () => {
    const target = path.join(path.dirname(project.root), 'target.json');
    await writeFile(target, JSON.stringify({ version: 1, skills: {} }));
    await mkdir(path.dirname(project.paths.stateFile), { recursive: true });
    await symlink(target, project.paths.stateFile);
    await expect(readCuratorState(project.paths)).rejects.toMatchObject({ code: 'symlink_refused' });
    await expect(recordGeneratedSkillUse(project.paths, 'learned-skill-a', NOW)).rejects.toMatchObject({
      code: 'symlink_refused',
    });
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual({ version: 1, skills: {} });
  });

  it('SEC1 a .skilldock folder that links out of the project is refused; nothing is written there', async () => {
    const outside = path.join(path.dirname(project.root), 'outside');
    await mkdir(outside);
    await symlink(outside, path.join(project.root, '.skilldock'));
    await expect(recordGeneratedSkillUse(project.paths, 'learned-skill-a', NOW)).rejects.toMatchObject({
      code: 'path_outside_folder',
    });
    expect(existsSync(path.join(outside, 'skill-curator.json'))).toBe(false);
    expect(existsSync(path.join(outside, 'skill-curator.json.lock'))).toBe(false);
  });

  it('R10 recording a use keeps the other records and counts every use', async () => {
    await writeStateFile(project.paths, { version: 1, skills: { 'learned-skill-b': record } });
    await Promise.all(
      Array.from({ length: 10 }, () => recordGeneratedSkillUse(project.paths, 'learned-skill-a', NOW)),
    );
    const state = await readCuratorState(project.paths);
    expect(state.skills['learned-skill-a']).toMatchObject({ useCount: 10, lastUsed: NOW.toISOString() });
    expect(state.skills['learned-skill-b']).toEqual(record);
  });
});
