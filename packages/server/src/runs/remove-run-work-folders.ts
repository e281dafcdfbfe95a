import { lstat, readdir } from 'node:fs/promises';
import { inArray } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { runs } from '../db/schema.js';
import type { Logger } from '../logging/logger.js';
import { assertSafeRunId, removeRunWorkFolder, runWorkRoot } from '../run-tools/run-work-folder.js';

/** A work folder with no run row is left this long: the row of a run being set up may be on its way. */
const ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** Run ids looked up per query by {@link sweepOrphanRunWorkFolders}. */
const LOOKUP_BATCH = 500;

/**
 * Removes the work folders of runs whose rows were just deleted (a deleted conversation's runs: the
 * files a user deleted must not stay on disk). Best effort: a folder that cannot be removed is
 * logged and left to {@link sweepOrphanRunWorkFolders}.
 */
export async function removeRunWorkFolders(
  dataDir: string,
  runIds: readonly string[],
  logger: Logger,
): Promise<void> {
  for (const runId of runIds) {
    await removeRunWorkFolder(dataDir, runId).catch((error: unknown) =>
      logger.warn('run_work_folder_not_removed', { runId, message: String(error) }),
    );
  }
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
  const root = runWorkRoot(dataDir);
  const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const removed: string[] = [];
  for (let start = 0; start < names.length; start += LOOKUP_BATCH) {
    const batch = names.slice(start, start + LOOKUP_BATCH).filter(canNameRun);
    if (batch.length === 0) continue;
    const existing = new Set(
      (await db.select({ id: runs.id }).from(runs).where(inArray(runs.id, batch))).map((row) => row.id),
    );
    for (const name of batch) {
      if (existing.has(name)) continue;
      const changed = await lstat(`${root}/${name}`).then(
        (info) => info.mtimeMs,
        () => undefined,
      );
      if (changed === undefined || changed > now - ORPHAN_GRACE_MS) continue;
      try {
        await removeRunWorkFolder(dataDir, name);
        removed.push(name);
      } catch (error) {
        logger.warn('run_work_folder_not_removed', { runId: name, message: String(error) });
      }
    }
  }
  return removed;
}

function canNameRun(name: string): boolean {
  try {
    assertSafeRunId(name);
    return true;
  } catch {
    return false;
  }
}
