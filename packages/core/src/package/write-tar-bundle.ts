import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { Pack } from 'tar';
import { BUNDLE_TIMESTAMP, type BundleEntry, bundleMode } from './bundle-entries.js';
import { runConcurrently } from './run-concurrently.js';

/**
 * Streams a deterministic `.tar.gz` of `entries` (tar v7 `Pack`): `portable` drops uid, gid, user
 * and group names, atime and ctime, and makes the gzip header carry no timestamp and an "unknown"
 * OS byte; every file gets the same mtime; modes are normalised by handing tar the stats it would
 * read with the mode replaced (its `statCache`), since tar otherwise keeps the file's own mode.
 * @param parent the folder holding the top folder, which the entry paths start with.
 */
export async function writeTarBundle(parent: string, entries: readonly BundleEntry[]): Promise<Pack> {
  const statCache = new Map<string, Stats>();
  await runConcurrently(entries, 16, async (entry) => {
    const absolute = path.resolve(parent, entry.path);
    const stats = await lstat(absolute);
    stats.mode = (stats.mode & ~0o7777) | bundleMode(entry);
    // nlink > 1 would make tar write a hard-link entry for the second name.
    stats.nlink = 1;
    statCache.set(absolute, stats);
  });
  const pack = new Pack({
    cwd: parent,
    portable: true,
    gzip: true,
    noDirRecurse: true,
    mtime: new Date(Date.UTC(BUNDLE_TIMESTAMP.year, BUNDLE_TIMESTAMP.month, BUNDLE_TIMESTAMP.day)),
    statCache,
  });
  for (const entry of entries) pack.add(entry.path);
  pack.end();
  return pack;
}
