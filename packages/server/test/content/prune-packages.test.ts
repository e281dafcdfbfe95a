import { existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prunePackages, publishPackages } from '../../src/content/index.js';
import {
  leftoverLeases,
  publishedSkill,
  useDataFolders,
  useTempFolders,
  visiblePackages,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();
const TWO_HOURS_AGO = new Date(Date.UTC(2026, 0, 1, 10));
const NOW = new Date(Date.UTC(2026, 0, 1, 12));

describe('prunePackages', () => {
  it('Y2 keeps referenced and leased packages and removes the rest', async () => {
    const { layout, base } = await publishedSkill(newData, newTemp, {});
    const orphan = path.join(layout.packagesDirectory, 'f'.repeat(64));
    const leased = path.join(layout.packagesDirectory, 'e'.repeat(64));
    mkdirSync(orphan);
    mkdirSync(leased);
    mkdirSync(path.join(layout.packagesDirectory, '.leases'), { recursive: true });
    writeFileSync(path.join(layout.packagesDirectory, '.leases', `${'e'.repeat(64)}.1-abc`), '');
    const removed = await prunePackages(layout, new Set([base]));
    expect(removed).toEqual([`sha256:${'f'.repeat(64)}`]);
    expect(visiblePackages(layout)).toEqual([base.slice(7), 'e'.repeat(64)].sort());
  });

  it('Y2 a prune of a few packages asks the references about those alone; a full prune asks for all', async () => {
    const { layout, base } = await publishedSkill(newData, newTemp, {});
    const orphan = 'f'.repeat(64);
    mkdirSync(path.join(layout.packagesDirectory, orphan));
    const asked: Array<readonly string[] | undefined> = [];
    const references = (candidates?: readonly string[]) => {
      asked.push(candidates);
      return new Set([base]);
    };
    expect(
      await prunePackages(layout, references, { only: [base, `sha256:${orphan}`, 'sha256:not-hex'] }),
    ).toEqual([`sha256:${orphan}`]);
    expect(asked).toEqual([[base, `sha256:${orphan}`]]);
    expect(await prunePackages(layout, references)).toEqual([]);
    expect(asked[1]).toBeUndefined();
    expect(visiblePackages(layout)).toEqual([base.slice(7)]);
  });

  it('Y2 a publish prunes the whole store after its commit, unless told not to (a history snapshot)', async () => {
    const { layout, base } = await publishedSkill(newData, newTemp, {});
    const source = path.join(layout.packagesDirectory, base.slice(7));
    const orphan = path.join(layout.packagesDirectory, 'f'.repeat(64));
    mkdirSync(orphan);
    let references = new Set([base]);
    const snapshot = await publishPackages(layout, {
      sources: [source],
      commit: async ([revision]) => {
        references = new Set([base, revision!]);
      },
      referencedRevisions: () => references,
      pruneAfterCommit: false,
    });
    expect(snapshot.revisions).toEqual([base]);
    expect(existsSync(orphan)).toBe(true);
    await publishPackages(layout, {
      sources: [source],
      commit: async () => {},
      referencedRevisions: () => references,
    });
    expect(existsSync(orphan)).toBe(false);
    expect(leftoverLeases(layout)).toEqual([]);
  });

  it('Y16 leases and work folders left over an hour by a dead process no longer hold anything', async () => {
    const { layout, base } = await publishedSkill(newData, newTemp, {});
    const leased = path.join(layout.packagesDirectory, 'e'.repeat(64));
    mkdirSync(leased);
    const lease = path.join(layout.packagesDirectory, '.leases', `${'e'.repeat(64)}.1-abc`);
    mkdirSync(path.dirname(lease), { recursive: true });
    writeFileSync(lease, '');
    utimesSync(lease, TWO_HOURS_AGO, TWO_HOURS_AGO);
    const work = path.join(layout.packagesDirectory, '.work-dead');
    mkdirSync(work);
    utimesSync(work, TWO_HOURS_AGO, TWO_HOURS_AGO);
    const fresh = path.join(layout.packagesDirectory, '.work-running');
    mkdirSync(fresh);
    await prunePackages(layout, new Set([base]), { now: NOW });
    expect(visiblePackages(layout)).toEqual(['.work-running', base.slice(7)].sort());
    expect(leftoverLeases(layout)).toEqual([]);
    expect(existsSync(work)).toBe(false);
  });

  it('Y15 a package that is a link is removed as a link; its target stays', async () => {
    const { layout, base } = await publishedSkill(newData, newTemp, {});
    const target = await newTemp();
    writeFileSync(path.join(target, 'keep.md'), 'keep');
    symlinkSync(target, path.join(layout.packagesDirectory, 'd'.repeat(64)));
    await prunePackages(layout, new Set([base]));
    expect(visiblePackages(layout)).toEqual([base.slice(7)]);
    expect(readdirSync(target)).toEqual(['keep.md']);
  });
});
