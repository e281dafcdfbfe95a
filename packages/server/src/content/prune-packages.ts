import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { removeInside } from '@skilldock/core/fs';
import { publicErrorMessage } from '../text/public-error-message.js';
import type { ContentLayout } from './content-layout.js';
import {
  leasedPackageNames,
  type PackageLease,
  STALE_LEASE_MILLISECONDS,
  withPackageStoreLock,
} from './package-lease.js';
import { revisionOfFolderName } from './package-revision.js';

/**
 * What the database references: every revision, or — given `candidates` — which of those. A plain
 * `() => set` of every revision is one too.
 */
export type ReferencedRevisions = (
  candidates?: readonly string[],
) => Promise<ReadonlySet<string>> | ReadonlySet<string>;

/** Options of {@link prunePackages}. */
export interface PrunePackagesOptions {
  /** Only these revisions are candidates (a rollback prunes what it wrote); default every package. */
  readonly only?: Iterable<string>;
  readonly now?: Date;
}

/**
 * Removes every package that no reference names and no lease holds (SPEC Y2: unreferenced packages
 * are pruned after commit), under the store lock. `references` is what the database references
 * (current revisions of shared and agent-bound skills, kept history snapshots): pass the function
 * that reads it, so it is read under the lock after the leases; a set is for callers that hold
 * every publisher off themselves. Each removal is
 * core's `removeInside` (proven inside the packages folder, a link removed as a link). A full prune
 * also removes work folders and leases left for over an hour by a process that died. Returns the
 * revisions removed.
 * @example await prunePackages(layout, new Set(await db.select(revision).from(skills)));
 */
export function prunePackages(
  layout: ContentLayout,
  references: ReadonlySet<string> | ReferencedRevisions,
  { only, now = new Date() }: PrunePackagesOptions = {},
): Promise<string[]> {
  return withPackageStoreLock(layout, async () => {
    // Leases first, then the references, both under the lock: a publisher commits its reference
    // before it drops its lease, so a package is always seen as one or the other. References read
    // before the lock (or before the leases) could miss a commit whose lease is gone by now, and
    // prune a package that had just become current.
    const leased = await leasedPackageNames(layout, now);
    const candidates =
      only === undefined
        ? await readdir(layout.packagesDirectory).catch(() => [] as string[])
        : [...only].map((revision) => revision.replace(/^sha256:/, ''));
    const referenced =
      typeof references !== 'function'
        ? references
        : await references(
            only === undefined
              ? undefined
              : candidates.flatMap((name) => {
                  const revision = revisionOfFolderName(name);
                  return revision === undefined ? [] : [revision];
                }),
          );
    const removed: string[] = [];
    for (const name of candidates) {
      if (only === undefined && name.startsWith('.work-')) {
        // A work folder older than a lease's lifetime was left by a publish that died mid-copy.
        const modified = (await lstat(path.join(layout.packagesDirectory, name)).catch(() => undefined))
          ?.mtimeMs;
        if (modified !== undefined && modified + STALE_LEASE_MILLISECONDS <= now.getTime())
          await removeInside(path.join(layout.packagesDirectory, name), layout.packagesDirectory);
        continue;
      }
      const revision = revisionOfFolderName(name);
      if (revision === undefined || referenced.has(revision) || leased.has(name)) continue;
      await removeInside(path.join(layout.packagesDirectory, name), layout.packagesDirectory);
      removed.push(revision);
    }
    return removed.sort();
  });
}

/**
 * Releases a lease, then prunes its package if nothing references it any more: the last holder of
 * a lease on a package that lost its reference meanwhile (a base copied by a save that lost the
 * race) removes it, since a prune that ran while the lease was held had to leave it. Best effort:
 * a failure to prune is returned as a warning, never thrown.
 */
export async function releaseAndPrune(
  layout: ContentLayout,
  lease: PackageLease,
  referencedRevisions: ReferencedRevisions,
): Promise<string | undefined> {
  await lease.release();
  try {
    await prunePackages(layout, referencedRevisions, { only: [lease.revision] });
    return undefined;
  } catch (error) {
    return `The package ${lease.revision} was not pruned: ${publicErrorMessage(error)}`;
  }
}
