import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { removeInside } from '@skilldock/core';
import type { ContentLayout } from './content-layout.js';
import { leasedPackageNames, withPackageStoreLock } from './package-lease.js';
import { revisionOfFolderName } from './package-revision.js';

/** Options of {@link prunePackages}. */
export interface PrunePackagesOptions {
  /** Only these revisions are candidates (a rollback prunes what it wrote); default every package. */
  readonly only?: Iterable<string>;
  readonly now?: Date;
}

/**
 * Removes every package that no reference names and no lease holds (SPEC Y2: unreferenced packages
 * are pruned after commit), under the store lock. `referenced` is what the database references now
 * (current revisions of shared and agent-bound skills, kept history snapshots). Each removal is
 * core's `removeInside` (proven inside the packages folder, a link removed as a link). Returns the
 * revisions removed.
 * @example await prunePackages(layout, new Set(await db.select(revision).from(skills)));
 */
export function prunePackages(
  layout: ContentLayout,
  referenced: ReadonlySet<string>,
  { only, now = new Date() }: PrunePackagesOptions = {},
): Promise<string[]> {
  return withPackageStoreLock(layout, async () => {
    const leased = await leasedPackageNames(layout, now);
    const candidates =
      only === undefined
        ? await readdir(layout.packagesDirectory).catch(() => [] as string[])
        : [...only].map((revision) => revision.replace(/^sha256:/, ''));
    const removed: string[] = [];
    for (const name of candidates) {
      const revision = revisionOfFolderName(name);
      if (revision === undefined || referenced.has(revision) || leased.has(name)) continue;
      await removeInside(path.join(layout.packagesDirectory, name), layout.packagesDirectory);
      removed.push(revision);
    }
    return removed.sort();
  });
}
