import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentLayout } from './content-layout.js';
import { STALE_LEASE_MILLISECONDS } from './package-lease.js';
import { removeReadOnlyTree } from './read-only-tree.js';

/**
 * Removes the private work folders under `<data>/staging` that a process which died left behind:
 * those unchanged for longer than a lease lives (an hour — no save, upload or projection rebuild
 * takes that long, so a live process's folder is never taken). Each goes through
 * `removeReadOnlyTree` (a projection's staged copy is read-only; links are removed as links, proven
 * inside the staging folder). Run at start-up. Returns the names removed.
 * @example await sweepStaging(contentLayout(dataDir));
 */
export async function sweepStaging(layout: ContentLayout, now: Date = new Date()): Promise<string[]> {
  const names = await readdir(layout.stagingDirectory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const removed: string[] = [];
  for (const name of names.sort()) {
    const entry = path.join(layout.stagingDirectory, name);
    const stats = await lstat(entry).catch(() => undefined);
    if (stats === undefined || stats.mtimeMs + STALE_LEASE_MILLISECONDS > now.getTime()) continue;
    await removeReadOnlyTree(entry, layout.stagingDirectory);
    removed.push(name);
  }
  return removed;
}
