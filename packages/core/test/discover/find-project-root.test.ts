import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProjectRoot } from '../../src/discover/index.js';
import { temporaryDirectory } from './skill-tree.js';

describe('findProjectRoot', () => {
  it('D1 finds the nearest folder up with a project marker, never the home folder, else the start', async () => {
    const base = await temporaryDirectory();
    const home = join(base, 'home');
    const repo = join(home, 'code', 'repo');
    const deep = join(repo, 'packages', 'app', 'src');
    await mkdir(join(repo, '.git'), { recursive: true });
    await mkdir(join(repo, 'packages', 'app', '.claude'), { recursive: true });
    await mkdir(deep, { recursive: true });
    await mkdir(join(home, '.agents'), { recursive: true });
    await mkdir(join(home, 'notes'), { recursive: true });

    expect(findProjectRoot(deep, { homeDirectory: home })).toBe(join(repo, 'packages', 'app'));
    expect(findProjectRoot(join(repo, 'packages'), { homeDirectory: home })).toBe(repo);
    // Home's `.agents` holds personal skills: a folder under home without markers is its own root.
    expect(findProjectRoot(join(home, 'notes'), { homeDirectory: home })).toBe(join(home, 'notes'));
    expect(findProjectRoot(home, { homeDirectory: home })).toBe(home);
  });
});
