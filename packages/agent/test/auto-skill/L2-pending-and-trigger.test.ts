import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acceptPendingAutoSkill,
  autoSkillPaths,
  createAutoSkillTrigger,
  ensureAutoSkillGitignore,
  listPendingAutoSkills,
  rejectPendingAutoSkill,
} from '../../src/learn/auto-skill/index.js';
import type { AgentEvent } from '../../src/loop/index.js';
import { createBuiltinTools } from '../../src/tools/index.js';
import { makeWorkspaceFolders, type WorkspaceFolders } from '../workspace/workspace-folders.js';

let folders: WorkspaceFolders;
beforeEach(async () => {
  folders = await makeWorkspaceFolders();
});
afterEach(() => folders.cleanup());

function toolEnd(name: string, args: unknown, outcome: 'done' | 'failed' = 'done'): AgentEvent {
  return {
    type: 'tool-call-end',
    turn: 1,
    toolCall: { id: 'c', name, arguments: JSON.stringify(args) },
    outcome,
    result: { content: '', isError: outcome !== 'done' },
  };
}

async function pendingSkill(name: string, source = 'auto-skill'): Promise<string> {
  const directory = path.join(autoSkillPaths(folders.project, {}).pendingDirectory, name);
  await mkdir(directory, { recursive: true });
  await writeFile(
    path.join(directory, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Does things.\nsource: ${source}\nextracted_at: 2026-06-01T00:00:00Z\n---\nBody.\n`,
  );
  return directory;
}

describe('L2 the review trigger', () => {
  const tools = createBuiltinTools();

  it('L2 is due at N tool calls and starts counting again once taken', () => {
    const trigger = createAutoSkillTrigger({ threshold: 3, tools });
    trigger.observe(toolEnd('ls', { path: '.' }));
    trigger.observe({ type: 'turn-start', turn: 1 });
    trigger.observe(toolEnd('ls', { path: '.' }, 'failed'));
    expect(trigger.takeDue()).toBe(false);
    trigger.observe(toolEnd('grep', { pattern: 'x' }));
    expect(trigger.takeDue()).toBe(true);
    expect(trigger.count).toBe(0);
    expect(trigger.takeDue()).toBe(false);
  });

  it('L2 a session whose user wrote a SKILL.md is never reviewed', () => {
    const trigger = createAutoSkillTrigger({ threshold: 2, tools });
    trigger.observe(toolEnd('write_file', { path: '.agents/skills/mine/SKILL.md', content: 'x' }));
    trigger.observe(toolEnd('ls', { path: '.' }));
    trigger.observe(toolEnd('ls', { path: '.' }));
    expect(trigger.userWroteSkill).toBe(true);
    expect(trigger.takeDue()).toBe(false);
  });
});

describe('L2 the pending area', () => {
  it('L2 lists proposals (auto-skill folders with source: auto-skill only) and accepts one into the skills folder', async () => {
    const paths = autoSkillPaths(folders.project, {});
    await pendingSkill('auto-skill-a');
    await pendingSkill('auto-skill-learned', 'learned');
    await pendingSkill('not-prefixed');
    expect((await listPendingAutoSkills(paths)).map((skill) => skill.name)).toEqual(['auto-skill-a']);
    await expect(acceptPendingAutoSkill(paths, 'auto-skill-learned')).rejects.toMatchObject({
      code: 'pending_skill_not_found',
    });
    await acceptPendingAutoSkill(paths, 'auto-skill-a');
    expect(existsSync(path.join(paths.skillsDirectory, 'auto-skill-a', 'SKILL.md'))).toBe(true);
  });

  it('L2 accepting never overwrites a skill of the same name', async () => {
    const paths = autoSkillPaths(folders.project, {});
    await pendingSkill('auto-skill-a');
    await mkdir(path.join(paths.skillsDirectory, 'auto-skill-a'), { recursive: true });
    await writeFile(path.join(paths.skillsDirectory, 'auto-skill-a', 'SKILL.md'), 'mine');
    await expect(acceptPendingAutoSkill(paths, 'auto-skill-a')).rejects.toMatchObject({
      code: 'skill_exists',
    });
    expect(await readFile(path.join(paths.skillsDirectory, 'auto-skill-a', 'SKILL.md'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(paths.pendingDirectory, 'auto-skill-a', 'SKILL.md'))).toBe(true);
  });

  it('SEC1 a proposal holding a link is not accepted', async () => {
    const paths = autoSkillPaths(folders.project, {});
    const directory = await pendingSkill('auto-skill-a');
    await symlink('/etc/passwd', path.join(directory, 'passwd'));
    await expect(acceptPendingAutoSkill(paths, 'auto-skill-a')).rejects.toMatchObject({
      code: 'symlink_refused',
    });
    expect(existsSync(path.join(paths.skillsDirectory, 'auto-skill-a'))).toBe(false);
  });

  it.each(['..', '../../etc', '/etc', 'auto-skill-../x', 'deploy-notes', 'auto-skill-'])(
    'SEC1 accept and reject refuse the name %s and touch nothing',
    async (name) => {
      const paths = autoSkillPaths(folders.project, {});
      await pendingSkill('auto-skill-a');
      await expect(acceptPendingAutoSkill(paths, name)).rejects.toMatchObject({
        code: 'path_outside_folder',
      });
      await expect(rejectPendingAutoSkill(paths, name)).rejects.toMatchObject({
        code: 'path_outside_folder',
      });
      expect((await listPendingAutoSkills(paths)).map((skill) => skill.name)).toEqual(['auto-skill-a']);
    },
  );

  it('SEC1 a pending entry that is a link is refused on reject; its target stays', async () => {
    const paths = autoSkillPaths(folders.project, {});
    const outside = path.join(path.dirname(folders.project), 'victim');
    await mkdir(outside);
    await writeFile(path.join(outside, 'keep.txt'), 'keep');
    await mkdir(paths.pendingDirectory, { recursive: true });
    await symlink(outside, path.join(paths.pendingDirectory, 'auto-skill-evil'));
    await expect(rejectPendingAutoSkill(paths, 'auto-skill-evil')).rejects.toMatchObject({
      code: 'symlink_refused',
    });
    expect(await readFile(path.join(outside, 'keep.txt'), 'utf8')).toBe('keep');
  });
});

describe('L2 the git-ignore rule', () => {
  it('L2 is added once, after the user lines, which stay as they were', async () => {
    const skills = path.join(folders.project, '.agents/skills');
    await mkdir(skills, { recursive: true });
    await writeFile(path.join(skills, '.gitignore'), '# mine\r\nnotes/');
    expect(await ensureAutoSkillGitignore(skills, folders.project)).toBe(true);
    expect(await ensureAutoSkillGitignore(skills, folders.project)).toBe(false);
    expect(await readFile(path.join(skills, '.gitignore'), 'utf8')).toBe(
      '# mine\r\nnotes/\n# Auto skills (skilldock, memory.enableAutoSkill) stay local\n/auto-skill-*/\n',
    );
  });

  it('L2 a rule the user wrote in their own words is kept, nothing added', async () => {
    const skills = path.join(folders.project, '.agents/skills');
    await mkdir(skills, { recursive: true });
    await writeFile(path.join(skills, '.gitignore'), 'auto-skill-*\n');
    expect(await ensureAutoSkillGitignore(skills, folders.project)).toBe(false);
  });

  it('SEC1 a .gitignore that is a link is refused and its target untouched', async () => {
    const skills = path.join(folders.project, '.agents/skills');
    await mkdir(skills, { recursive: true });
    const target = path.join(path.dirname(folders.project), 'other-gitignore');
    await writeFile(target, 'x\n');
    await symlink(target, path.join(skills, '.gitignore'));
    await expect(ensureAutoSkillGitignore(skills, folders.project)).rejects.toMatchObject({
      code: 'symlink_refused',
    });
    expect(await readFile(target, 'utf8')).toBe('x\n');
  });
});
