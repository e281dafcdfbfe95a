import type { ContentLayout } from './content-layout.js';
import { packageDirectory } from './package-directory.js';
import { type PackageLease, withPackageStoreLock, writePackageLease } from './package-lease.js';

/** A stored package held by a lease: prune leaves it until `lease.release()`. */
export interface LeasedPackage {
  readonly directory: string;
  readonly lease: PackageLease;
}

/**
 * Finds the stored package `revision` and leases it, under the store lock so no prune can remove it
 * in between — for work that reads a package and then commits a reference to it (a history
 * restore, SPEC Y6). Release with `releaseAndPrune` once the reference is committed (or not).
 * @throws UserInputError `package_not_found`, `invalid_revision`; SecurityError `symlink_refused`.
 */
export function leaseStoredPackage(layout: ContentLayout, revision: string): Promise<LeasedPackage> {
  return withPackageStoreLock(layout, async () => {
    const directory = await packageDirectory(layout, revision);
    return { directory, lease: await writePackageLease(layout, revision) };
  });
}
