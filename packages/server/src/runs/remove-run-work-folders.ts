import { lstat, readdir } from 'node:fs/promises';
import { inArray } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { runs } from '../db/schema.js';
import type { Logger } from '../logging/logger.js';
import {
  isSafeRunId,
  removeRunWorkFolder,
  runWorkFolder,
  runWorkRoot,
} from '../run-tools/run-work-folder.js';

/** A work folder with no run row is left this long: the row of a run being set up may be on its way. */
const ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** Run ids looked up per query by {@link sweepOrphanRunWorkFolders}. */
const LOOKUP_BATCH = 500;

/**
 * Removes the work folders of runs whose rows are gone (a deleted conversation's runs: the files a
 * user deleted must not stay on disk). Best effort: a folder that cannot be removed is logged and
 * left to {@link sweepOrphanRunWorkFolders}. Returns the run ids whose folders went.
 */
export async function removeRunWorkFolders(
  dataDir: string,
  runIds: readonly string[],
  logger: Logger,
): Promise<string[]> {
  const removed: string[] = [];
  for (const runId of runIds) {
    try {
      await removeRunWorkFolder(dataDir, runId);
      removed.push(runId);
    } catch (error) {
      logger.warn('run_work_folder_not_removed', { runId, message: String(error) });
    }
  }
  return removed;
}

/**
 * Removes every work folder under `<data>/run-work` whose run no longer exists (its conversation,
 * agent or user was deleted, by this process or another) and that was last changed over ten minutes
 * ago. Entries that cannot name a run are left alone. Returns the removed run ids.
 */
export async function sweepOrphanRunWorkFolders(
  db: SkilldockDatabase,
  dataDir: string,
  logger: Logger,
  now = Date.now(),
): Promise<string[]> {
  const entries = await readdir(runWorkRoot(dataDir)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const names = entries.filter(isSafeRunId);
  const orphans: string[] = [];
  for (let start = 0; start < names.length; start += LOOKUP_BATCH) {
    const batch = names.slice(start, start + LOOKUP_BATCH);
    const existing = new Set(
      (await db.select({ id: runs.id }).from(runs).where(inArray(runs.id, batch))).map((row) => row.id),
    );
    for (const name of batch) {
      if (existing.has(name)) continue;
      const changed = await lstat(runWorkFolder(dataDir, name)).then(
        (info) => info.mtimeMs,
        () => undefined,
      );
      if (changed !== undefined && changed <= now - ORPHAN_GRACE_MS) orphans.push(name);
    }
  }
  return removeRunWorkFolders(dataDir, orphans, logger);
}
