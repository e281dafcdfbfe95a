import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isWorkspaceTrusted,
  readTrustedWorkspaces,
  trustWorkspace,
  untrustWorkspace,
} from '../../src/discover/trust-store.js';
import { temporaryDirectory } from './skill-tree.js';

describe('trust store', () => {
  it('D2 trusts nothing by default and trusts a folder once it is remembered', async () => {
    const home = await temporaryDirectory();
    const project = await temporaryDirectory();
    expect(await isWorkspaceTrusted(project, { homeDirectory: home, env: {} })).toBe(false);
    expect(await trustWorkspace(project, { homeDirectory: home })).toBe(true);
    expect(await trustWorkspace(project, { homeDirectory: home })).toBe(false);
    expect(await isWorkspaceTrusted(project, { homeDirectory: home, env: {} })).toBe(true);
    const stored = JSON.parse(await readFile(join(home, '.skilldock', 'trusted.json'), 'utf8'));
    expect(stored).toEqual({ version: 1, trusted: [project] });
  });

  it('D2 lets SKILLDOCK_TRUST=1 trust any folder', async () => {
    const home = await temporaryDirectory();
    expect(
      await isWorkspaceTrusted('/somewhere', { homeDirectory: home, env: { SKILLDOCK_TRUST: '1' } }),
    ).toBe(true);
    expect(
      await isWorkspaceTrusted('/somewhere', { homeDirectory: home, env: { SKILLDOCK_TRUST: '0' } }),
    ).toBe(false);
  });

  it('D2 trusts the subfolders of a trusted folder but not its siblings', async () => {
    const home = await temporaryDirectory();
    const parent = await temporaryDirectory();
    await mkdir(join(parent, 'child', 'deeper'), { recursive: true });
    await trustWorkspace(parent, { homeDirectory: home });
    const options = { homeDirectory: home, env: {} };
    expect(await isWorkspaceTrusted(join(parent, 'child', 'deeper'), options)).toBe(true);
    expect(await isWorkspaceTrusted(`${parent}-sibling`, options)).toBe(false);
  });

  it('D2 matches a workspace reached through a symbolic link', async () => {
    const home = await temporaryDirectory();
    const project = await temporaryDirectory();
    const links = await temporaryDirectory();
    await symlink(project, join(links, 'checkout'));
    await trustWorkspace(join(links, 'checkout'), { homeDirectory: home });
    expect(await readTrustedWorkspaces({ homeDirectory: home })).toEqual([project]);
    expect(await isWorkspaceTrusted(project, { homeDirectory: home, env: {} })).toBe(true);
  });

  it('D2 untrusts a folder and says when a parent still trusts it', async () => {
    const home = await temporaryDirectory();
    const parent = await temporaryDirectory();
    const child = join(parent, 'child');
    await mkdir(child);
    await trustWorkspace(parent, { homeDirectory: home });
    await trustWorkspace(child, { homeDirectory: home });
    expect(await untrustWorkspace(child, { homeDirectory: home })).toEqual({
      removed: true,
      stillTrustedBy: parent,
    });
    expect(await untrustWorkspace(parent, { homeDirectory: home })).toEqual({ removed: true });
    expect(await untrustWorkspace(parent, { homeDirectory: home })).toEqual({ removed: false });
    expect(await isWorkspaceTrusted(child, { homeDirectory: home, env: {} })).toBe(false);
  });

  it('D2 writes the store atomically, leaving no temporary files, and survives a corrupt store', async () => {
    const home = await temporaryDirectory();
    const project = await temporaryDirectory();
    await mkdir(join(home, '.skilldock'));
    await writeFile(join(home, '.skilldock', 'trusted.json'), '{ not json');
    expect(await isWorkspaceTrusted(project, { homeDirectory: home, env: {} })).toBe(false);
    await Promise.all([
      trustWorkspace(project, { homeDirectory: home }),
      trustWorkspace(project, { homeDirectory: home }),
    ]);
    expect(await readdir(join(home, '.skilldock'))).toEqual(['trusted.json']);
    expect(await isWorkspaceTrusted(project, { homeDirectory: home, env: {} })).toBe(true);
  });
});
