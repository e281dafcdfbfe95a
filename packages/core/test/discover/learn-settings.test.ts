import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEARN_DIRECTORY, learnDirectory } from '../../src/discover/learn-directory.js';
import { loadSettings } from '../../src/discover/load-settings.js';
import { SecurityError } from '../../src/errors.js';
import { temporaryDirectory, writeJson } from './skill-tree.js';

async function setup(user?: unknown, project?: unknown) {
  const home = await temporaryDirectory();
  const projectRoot = await temporaryDirectory();
  if (user !== undefined) await writeJson(join(home, '.skilldock', 'settings.json'), user);
  if (project !== undefined) await writeJson(join(projectRoot, '.skilldock', 'settings.json'), project);
  return { home, projectRoot };
}

describe('learn and memory settings (SPEC L1–L3)', () => {
  it('merges learn.directory and memory key by key, the project winning', async () => {
    const { home, projectRoot } = await setup(
      { learn: { directory: 'user/skills' }, memory: { enableAutoSkill: true, autoSkillToolCalls: 5 } },
      { learn: { directory: '.qwen/skills' }, memory: { autoSkillConfirm: true, autoSkillToolCalls: 9 } },
    );
    const { settings, diagnostics } = await loadSettings({ projectRoot, homeDirectory: home });
    expect(diagnostics).toEqual([]);
    expect(settings.learn).toEqual({ directory: '.qwen/skills' });
    expect(settings.memory).toEqual({ enableAutoSkill: true, autoSkillConfirm: true, autoSkillToolCalls: 9 });
  });

  it('reads learn.allowedHosts from the user file only, warning about a project that sets it', async () => {
    const { home, projectRoot } = await setup(
      { learn: { allowedHosts: ['docs.example.com'] } },
      { learn: { allowedHosts: ['evil.example'] } },
    );
    const { settings, diagnostics } = await loadSettings({ projectRoot, homeDirectory: home });
    expect(settings.learn).toEqual({ allowedHosts: ['docs.example.com'] });
    expect(diagnostics).toMatchObject([
      { code: 'settings_learn_hosts_in_project', severity: 'warning', path: ['learn', 'allowedHosts'] },
    ]);
  });

  it('rejects a mistyped memory value with the key that is wrong', async () => {
    const { home, projectRoot } = await setup(undefined, { memory: { enableAutoSkill: 'yes' } });
    const { settings, diagnostics } = await loadSettings({ projectRoot, homeDirectory: home });
    expect(settings.memory).toBeUndefined();
    expect(diagnostics.map((diagnostic) => diagnostic.path)).toContainEqual(['memory', 'enableAutoSkill']);
  });
});

describe('learnDirectory', () => {
  it('defaults to .agents/skills under the project root', () => {
    expect(DEFAULT_LEARN_DIRECTORY).toBe('.agents/skills');
    expect(learnDirectory('/repo', {})).toBe(join('/repo', '.agents', 'skills'));
    expect(learnDirectory('/repo', { learn: { directory: '.qwen/skills/' } })).toBe(
      join('/repo', '.qwen', 'skills'),
    );
  });

  it.each(['../outside', '/etc', 'a/../../b', 'a\\b', 'C:/x', '.', 'a//b', 'bad\u0000name'])(
    'refuses %j as a folder outside the project',
    (directory) => {
      expect(() => learnDirectory('/repo', { learn: { directory } })).toThrow(SecurityError);
      try {
        learnDirectory('/repo', { learn: { directory } });
      } catch (error) {
        expect(error).toMatchObject({ code: 'path_outside_folder', details: { field: 'learn.directory' } });
      }
    },
  );
});
