import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrustedSettings } from '../../src/discover/load-trusted-settings.js';
import { trustWorkspace } from '../../src/discover/trust-store.js';
import { temporaryDirectory } from './skill-tree.js';

/** A home with a user settings file and a project whose settings would change the model. */
async function workspace() {
  const home = await temporaryDirectory();
  const project = await temporaryDirectory();
  await mkdir(join(home, '.skilldock'), { recursive: true });
  await writeFile(
    join(home, '.skilldock', 'settings.json'),
    JSON.stringify({ models: { default: 'user-model' } }),
  );
  await mkdir(join(project, '.skilldock'), { recursive: true });
  await writeFile(
    join(project, '.skilldock', 'settings.json'),
    JSON.stringify({ models: { default: 'project-model' } }),
  );
  return { home, project };
}

describe('loadTrustedSettings', () => {
  it("D2 applies only the user's settings in an untrusted project", async () => {
    const { home, project } = await workspace();
    const read = await loadTrustedSettings({ projectRoot: project, homeDirectory: home, env: {} });
    expect(read.trusted).toBe(false);
    expect(read.settings.models?.default).toBe('user-model');
    expect(read.files).toEqual([join(home, '.skilldock', 'settings.json')]);
  });

  it("D2 applies the project's settings once the workspace is trusted, by the store, the environment or the caller", async () => {
    const { home, project } = await workspace();
    const untrusted = { projectRoot: project, homeDirectory: home, env: {} };
    expect((await loadTrustedSettings({ ...untrusted, trust: true })).settings.models?.default).toBe(
      'project-model',
    );
    const byEnvironment = await loadTrustedSettings({ ...untrusted, env: { SKILLDOCK_TRUST: '1' } });
    expect(byEnvironment).toMatchObject({
      trusted: true,
      settings: { models: { default: 'project-model' } },
    });
    await trustWorkspace(project, { homeDirectory: home });
    const byStore = await loadTrustedSettings(untrusted);
    expect(byStore).toMatchObject({ trusted: true, settings: { models: { default: 'project-model' } } });
  });

  it("D2 never applies the project's settings in safe mode, and still reports the trust", async () => {
    const { home, project } = await workspace();
    await trustWorkspace(project, { homeDirectory: home });
    const read = await loadTrustedSettings({
      projectRoot: project,
      homeDirectory: home,
      env: {},
      safeMode: true,
    });
    expect(read.trusted).toBe(true);
    expect(read.settings.models?.default).toBe('user-model');
  });
});
