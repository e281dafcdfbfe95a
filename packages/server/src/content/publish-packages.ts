import { randomBytes } from 'node:crypto';
import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { removeInside, swapFolder } from '@skilldock/core/fs';
import { publicErrorMessage } from '../text/public-error-message.js';
import type { ContentLayout } from './content-layout.js';
import { copyContentTree } from './copy-content-tree.js';
import { type PackageLease, withPackageStoreLock, writePackageLease } from './package-lease.js';
import { revisionFolderName } from './package-revision.js';
import { prunePackages, type ReferencedRevisions } from './prune-packages.js';

/** The steps of a publish, in order (SPEC P8); a fault hook may fail any of them. */
export type PackagePublishStep =
  /** Copy a source folder into a private work folder in the packages folder. */
  | 'package-copy'
  /** Rename the work folder to its revision (or find it already there). */
  | 'package-place'
  /** Call the caller's commit (the database reference). */
  | 'commit'
  /** Remove packages nothing references any more; a failure here is only a warning. */
  | 'prune';

/** Test hook: `before` runs before each step and may throw to simulate a failure there. */
export interface PackagePublishFaults {
  before(step: PackagePublishStep, detail: { readonly path: string }): void | Promise<void>;
}

/** Options of {@link publishPackages}. */
export interface PublishPackagesOptions<T> {
  /** Folders to publish, one package each (a draft's staged skills, a save's work folder). */
  readonly sources: readonly string[];
  /**
   * Commits the references (the database transaction: insert the rows, or
   * `UPDATE … SET revision = new WHERE revision = base`). Called once the packages are in place, with
   * their revisions in the order of `sources`. Throwing (a `ConflictError` for a lost race) rolls
   * every package this publish wrote back.
   */
  readonly commit: (revisions: readonly string[]) => Promise<T>;
  /** Every revision the database references now; read after the commit (and after a failed one). */
  readonly referencedRevisions: ReferencedRevisions;
  /**
   * Whether to prune the whole store after the commit (the default). A publish that only adds a
   * reference and replaces none (a history snapshot) skips it: there is nothing new to prune, and a
   * full prune reads every reference of the platform.
   */
  readonly pruneAfterCommit?: boolean;
  readonly faults?: PackagePublishFaults;
}

/** What {@link publishPackages} did. */
export interface PublishPackagesResult<T> {
  readonly revisions: readonly string[];
  /** What `commit` returned. */
  readonly result: T;
  /** Problems after the commit point (a prune that failed); the publish still succeeded. */
  readonly warnings: readonly string[];
}

/**
 * Publishes folders as immutable content packages, then commits their references (SPEC P8, Y2):
 * 1. each source is copied (P2 rules, no link followed) into a private work folder in the packages
 *    folder, its revision computed, and — under the store lock, with a lease so prune leaves it —
 *    renamed to `<packages>/<hex>` (or dropped when that package already exists: same content);
 * 2. `commit(revisions)` runs; 3. the leases go and unreferenced packages are pruned.
 * If anything before the commit's return fails, the work folders and the leases are removed and so
 * is every package this publish created that is still unreferenced: nothing is half-visible.
 * @example
 * const { revisions } = await publishPackages(layout, {
 *   sources: [workFolder],
 *   commit: ([revision]) => db.update(skills).set({ revision }).where(eq(skills.revision, base)),
 *   referencedRevisions: () => db.referencedRevisions(),
 * });
 */
export async function publishPackages<T>(
  layout: ContentLayout,
  options: PublishPackagesOptions<T>,
): Promise<PublishPackagesResult<T>> {
  await mkdir(layout.packagesDirectory, { recursive: true });
  const leases: PackageLease[] = [];
  const works: string[] = [];
  let result: T;
  try {
    for (const source of options.sources) {
      const work = path.join(layout.packagesDirectory, `.work-${randomBytes(8).toString('hex')}`);
      works.push(work);
      await options.faults?.before('package-copy', { path: source });
      // The copy's revision is hashed from the bytes written into it: the package is named by them.
      const { revision } = await copyContentTree(source, work);
      const target = path.join(layout.packagesDirectory, revisionFolderName(revision));
      await options.faults?.before('package-place', { path: target });
      await withPackageStoreLock(layout, async () => {
        leases.push(await writePackageLease(layout, revision));
        if (await exists(target)) await removeInside(work, layout.packagesDirectory);
        else await swapFolder(work, target, { folder: layout.packagesDirectory, replace: false });
      });
    }
    const revisions = leases.map((lease) => lease.revision);
    await options.faults?.before('commit', { path: layout.packagesDirectory });
    result = await options.commit(revisions);
  } catch (error) {
    await rollBack(layout, works, leases, options);
    throw error;
  }
  const revisions = leases.map((lease) => lease.revision);
  const warnings: string[] = [];
  try {
    await Promise.all(leases.map((lease) => lease.release()));
    if (options.pruneAfterCommit === false) return { revisions, result, warnings };
    await options.faults?.before('prune', { path: layout.packagesDirectory });
    await prunePackages(layout, options.referencedRevisions);
  } catch (error) {
    warnings.push(`Unreferenced packages were not pruned: ${publicErrorMessage(error)}`);
  }
  return { revisions, result, warnings };
}

/** Undoes a publish: work folders, leases, and the packages it placed that nothing references. */
async function rollBack<T>(
  layout: ContentLayout,
  works: readonly string[],
  leases: readonly PackageLease[],
  options: PublishPackagesOptions<T>,
): Promise<void> {
  for (const work of works) await removeInside(work, layout.packagesDirectory);
  await Promise.all(leases.map((lease) => lease.release()));
  if (leases.length === 0) return;
  await prunePackages(layout, options.referencedRevisions, {
    only: leases.map((lease) => lease.revision),
  });
}

async function exists(target: string): Promise<boolean> {
  return (await lstat(target).catch(() => undefined)) !== undefined;
}
