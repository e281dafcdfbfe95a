import { afterEach, describe, expect, it } from 'vitest';
import { createProviderModelLists } from '../../src/model/pick-model-provider.js';
import { openWorkspaceSkills } from '../../src/workspace/open-workspace-skills.js';
import { resolveWorkspaceModel } from '../../src/workspace/resolve-workspace-model.js';
import { loadWorkspaceSettings } from '../../src/workspace/workspace-settings.js';
import {
  makeWorkspaceFolders,
  type WorkspaceFolders,
  writeSettings,
  writeSkill,
} from './workspace-folders.js';

const ENV = { OPENAI_API_KEY: 'test-key' };
const server = (label: string) => ({ command: 'node', args: ['server.mjs', label] });

describe('the phases of openWorkspace', () => {
  let folders: WorkspaceFolders;
  afterEach(() => folders.cleanup());

  it('D2 the settings under trust: the project chooses nothing until trusted, and its own MCP entries are named', async () => {
    folders = await makeWorkspaceFolders();
    await writeSettings(folders.home, {
      models: { default: 'openai:user-model' },
      mcpServers: { same: server('same'), changed: server('user') },
    });
    await writeSettings(folders.project, {
      models: { default: 'openai:project-model' },
      mcpServers: { same: server('same'), changed: server('project'), added: server('added') },
    });
    const settings = await loadWorkspaceSettings(folders.project, folders.home);
    expect(settings.projectServers).toEqual(['changed', 'added']);
    expect(Object.keys(settings.applying(false).mcpServers ?? {})).toEqual(['same', 'changed']);
    expect(settings.applying(false).mcpServers?.changed).toEqual(server('user'));
    expect(settings.applying(true).mcpServers?.changed).toEqual(server('project'));
    const modelLists = createProviderModelLists();
    expect(
      (await resolveWorkspaceModel(undefined, { settings, trusted: false, env: ENV, modelLists })).label,
    ).toBe('openai:user-model');
    expect(
      (await resolveWorkspaceModel(undefined, { settings, trusted: true, env: ENV, modelLists })).label,
    ).toBe('openai:project-model');
    expect(settings.notices()).toEqual([]);
  });

  it('D2 the skills: an untrusted workspace is asked once, and a no leaves the project skills out', async () => {
    folders = await makeWorkspaceFolders();
    await writeSkill(folders.project, 'project-skill', 'A project skill. Use when testing trust.');
    const settings = await loadWorkspaceSettings(folders.project, folders.home);
    const asked: string[] = [];
    const skills = await openWorkspaceSkills({
      projectRoot: folders.project,
      homeDirectory: folders.home,
      settings,
      trusted: false,
      askTrust: async (root) => {
        asked.push(root);
        return false;
      },
    });
    try {
      expect(asked).toEqual([folders.project]);
      expect(skills.trusted).toBe(false);
      expect(skills.skipped).toEqual(['project skills and subagents']);
      expect(skills.watcher.snapshot?.skills.map((skill) => skill.id)).toEqual([]);
    } finally {
      await skills.watcher.close();
    }
  });
});
