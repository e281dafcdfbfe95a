import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from '@skilldock/core/fs';
import type { ContentLayout } from './content-layout.js';
import { revisionFolderName } from './package-revision.js';

/** A lease older than this was left by a process that died; prune ignores and removes it. */
export const STALE_LEASE_MILLISECONDS = 60 * 60 * 1000;

/**
 * A hold on one package while it is being written, committed or copied from: prune never removes a
 * leased package, even an unreferenced one. Leases are files (`<packages>/.leases/<hex>.<random>`)
 * so every process sharing the data folder sees them (SPEC Y16).
 */
export interface PackageLease {
  readonly revision: string;
  /** Removes the lease; harmless twice. */
  release(): Promise<void>;
}

/**
 * Runs `work` under the package store's inter-process lock (`<packages>/.store.lock`): placing a
 * package next to a lease, and pruning, happen one at a time, so prune never removes a package
 * between the moment a publisher finds it and the moment its lease is written.
 */
export function withPackageStoreLock<T>(layout: ContentLayout, work: () => Promise<T>): Promise<T> {
  return withFileLock(path.join(layout.packagesDirectory, '.store'), work);
}

/** Writes a lease on `revision`; call under {@link withPackageStoreLock} when the package may be pruned meanwhile. */
export async function writePackageLease(layout: ContentLayout, revision: string): Promise<PackageLease> {
  const folder = leasesDirectory(layout);
  await mkdir(folder, { recursive: true });
  const file = path.join(
    folder,
    `${revisionFolderName(revision)}.${process.pid}-${randomBytes(6).toString('hex')}`,
  );
  await writeFile(file, '', { flag: 'wx' });
  let released = false;
  return {
    revision,
    release: async () => {
      if (released) return;
      released = true;
      await unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/**
 * The revisions (as folder names) that hold a live lease; leases older than
 * {@link STALE_LEASE_MILLISECONDS} are removed and not counted. Call under the store lock.
 */
export async function leasedPackageNames(
  layout: ContentLayout,
  now: Date = new Date(),
): Promise<Set<string>> {
  const folder = leasesDirectory(layout);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const leased = new Set<string>();
  for (const name of names) {
    const file = path.join(folder, name);
    const modified = (await stat(file).catch(() => undefined))?.mtimeMs;
    if (modified === undefined) continue;
    if (modified + STALE_LEASE_MILLISECONDS <= now.getTime()) {
      await unlink(file).catch(() => undefined);
      continue;
    }
    leased.add(name.slice(0, name.indexOf('.')));
  }
  return leased;
}

function leasesDirectory(layout: ContentLayout): string {
  return path.join(layout.packagesDirectory, '.leases');
}
