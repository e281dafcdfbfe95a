import { chmod, chown, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { discoverSkills } from '../../src/discover/discover-skills.js';
import { defaultDiscoveryCacheDirectory } from '../../src/discover/skill-scan-cache.js';
import { SkillWatcher } from '../../src/discover/skill-watcher.js';
import type { DiscoveryResult } from '../../src/discover/types.js';
import { temporaryDirectory, writeSkill } from './skill-tree.js';

async function setup() {
  const project = await temporaryDirectory();
  const home = await temporaryDirectory();
  const cache = join(home, '.cache', 'skilldock', 'discovery');
  const skills = join(project, '.agents', 'skills');
  await writeSkill(join(skills, 'alpha'), { description: 'Alpha v1.', files: { 'guide.md': 'guide' } });
  await writeSkill(join(skills, 'beta'), { extra: 'priority: 3' });
  await writeSkill(join(skills, 'broken'), { description: '' });
  await writeSkill(join(skills, 'Mixed_Name'));
  await writeSkill(join(home, '.agents', 'skills', 'notes'));
  const discover = (cacheDirectory?: string, listFiles?: boolean) =>
    discoverSkills({
      projectRoot: project,
      homeDirectory: home,
      trusted: true,
      ...(cacheDirectory === undefined ? {} : { cacheDirectory }),
      ...(listFiles === undefined ? {} : { listFiles }),
    });
  return { project, home, cache, skills, discover };
}

/** Everything a caller sees of a discovery, as plain data. */
function visible(discovery: DiscoveryResult): unknown {
  return JSON.parse(
    JSON.stringify([discovery.skills, discovery.invalid, discovery.diagnostics, discovery.roots]),
  );
}

/** Rewrites every cache file, changing each cached description to `forged`. */
async function forgeCache(cache: string, change: (bytes: Buffer) => Buffer | string): Promise<void> {
  for (const name of await readdir(cache))
    await writeFile(join(cache, name), change(await readFile(join(cache, name))));
}

function forgedDescriptions(bytes: Buffer): Buffer {
  const file = deserialize(bytes) as {
    entries: [string, string, { ok: boolean; skill?: { description: string } }][];
  };
  for (const [, , result] of file.entries) if (result.ok) result.skill!.description = 'FORGED';
  return serialize(file);
}

describe('discovery cache (issue 9)', () => {
  it('D1 gives the same result with and without the cache, cold and warm, with and without files', async () => {
    const { cache, discover } = await setup();
    for (const listFiles of [true, false]) {
      const plain = visible(await discover(undefined, listFiles));
      expect(visible(await discover(cache, listFiles))).toEqual(plain);
      expect(visible(await discover(cache, listFiles))).toEqual(plain);
    }
    const names = await readdir(cache);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.endsWith('.v8'))).toBe(true);
  });

  it('D1 a warm discovery reuses cached skills whose files did not change (it reads no SKILL.md)', async () => {
    const { cache, discover } = await setup();
    await discover(cache);
    // The cache is this user's own, so a changed cached value shows it was reused, not re-read.
    await forgeCache(cache, forgedDescriptions);
    const warm = await discover(cache);
    expect(warm.skills.map((skill) => skill.description)).toEqual(warm.skills.map(() => 'FORGED'));
    expect(Object.isFrozen(warm.skills[0])).toBe(true);
    expect(Object.isFrozen(warm.skills[0]?.files)).toBe(true);
  });

  it('D1 an edited, added or removed skill is seen at once, and an unchanged one stays cached', async () => {
    const { cache, skills, discover } = await setup();
    await discover(cache);
    await forgeCache(cache, forgedDescriptions);
    await writeSkill(join(skills, 'alpha'), { description: 'Alpha v2.', files: { 'guide.md': 'guide' } });
    await writeSkill(join(skills, 'gamma'));
    await rm(join(skills, 'beta'), { recursive: true });
    const after = await discover(cache);
    const byId = new Map(after.skills.map((skill) => [skill.id, skill.description]));
    expect(byId.get('alpha')).toBe('Alpha v2.');
    expect(byId.get('gamma')).toBe('Skill gamma. Use when testing.');
    expect(byId.has('beta')).toBe(false);
    expect(byId.get('notes')).toBe('FORGED');
  });

  it('D7 a SkillWatcher given the cache starts from it and writes it, with the catalog discovery gives', async () => {
    const { project, home, cache, skills, discover } = await setup();
    const watch = async () => {
      const watcher = new SkillWatcher({
        projectRoot: project,
        homeDirectory: home,
        trusted: true,
        watch: false,
        trackChanges: true,
        cacheDirectory: cache,
      });
      await watcher.start();
      return watcher;
    };
    const expected = visible(await discover());
    const first = await watch();
    expect(visible(first.discovery!)).toEqual(expected);
    await first.close();
    expect((await readdir(cache)).length).toBeGreaterThan(0);
    // Started again, it reuses the cached skills (a forged value shows they were not re-read)…
    await forgeCache(cache, forgedDescriptions);
    const second = await watch();
    expect(second.discovery!.skills.map((skill) => skill.description)).toEqual(
      second.discovery!.skills.map(() => 'FORGED'),
    );
    // …yet an edit after the start is still seen on refresh, through the change journal.
    await writeSkill(join(skills, 'alpha'), { description: 'Alpha v2.', files: { 'guide.md': 'guide' } });
    await second.refresh();
    expect(second.discovery!.skills.find((skill) => skill.id === 'alpha')?.description).toBe('Alpha v2.');
    await second.close();
    // A cache made unusable is ignored: the watcher reads the skills.
    await forgeCache(cache, () => 'not a cache at all');
    const third = await watch();
    expect(visible(third.discovery!)).toEqual(visible(await discover()));
    await third.close();
  });

  it('SEC a corrupt, truncated, foreign or world-writable cache is ignored and the skills are read', async () => {
    const { cache, discover } = await setup();
    const expected = visible(await discover());
    const spoil: [string, () => Promise<void>][] = [
      ['garbage', () => forgeCache(cache, () => 'not a cache at all')],
      ['truncated', () => forgeCache(cache, (bytes) => bytes.subarray(0, bytes.length >> 1))],
      ['another format', () => forgeCache(cache, () => serialize({ format: 99, key: 'x', entries: [] }))],
      [
        'world-writable',
        async () => {
          await forgeCache(cache, forgedDescriptions);
          for (const name of await readdir(cache)) await chmod(join(cache, name), 0o666);
        },
      ],
      [
        'owned by another user',
        async () => {
          await forgeCache(cache, forgedDescriptions);
          for (const name of await readdir(cache)) await chown(join(cache, name), 65534, 65534);
        },
      ],
    ];
    for (const [what, damage] of spoil) {
      await rm(cache, { recursive: true, force: true });
      await discover(cache);
      await damage();
      expect(visible(await discover(cache)), what).toEqual(expected);
    }
  });

  it('D1 the default cache folder is the user cache folder, honouring an absolute XDG_CACHE_HOME', () => {
    expect(defaultDiscoveryCacheDirectory('/home/ann', {})).toBe('/home/ann/.cache/skilldock/discovery');
    expect(defaultDiscoveryCacheDirectory('/home/ann', { XDG_CACHE_HOME: '/var/cache/ann' })).toBe(
      '/var/cache/ann/skilldock/discovery',
    );
    expect(defaultDiscoveryCacheDirectory('/home/ann', { XDG_CACHE_HOME: 'relative' })).toBe(
      '/home/ann/.cache/skilldock/discovery',
    );
  });
});
