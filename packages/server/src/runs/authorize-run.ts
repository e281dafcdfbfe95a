import { eq } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { conversations, runs } from '../db/schema.js';
import { runWorkFolder } from '../run-tools/run-work-folder.js';
import type { RunRow } from './run-records.js';

type Reader = SkilldockDatabase | SkilldockTransaction;

/**
 * The conversation `id` when it is `viewer`'s own, else undefined: conversations and their runs are
 * private to the user who started them (another user, an admin included, gets a 404).
 */
export async function ownConversation(db: Reader, viewer: Viewer, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row !== undefined && row.userId === viewer.id ? row : undefined;
}

/** The run `id` when it is `viewer`'s own, else undefined. */
export async function ownRun(db: Reader, viewer: Viewer, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id));
  return row !== undefined && row.userId === viewer.id ? row : undefined;
}

/**
 * For the run-file routes: the run's work folder when `viewer` may see the run (its own), else
 * undefined (answer 404). `dataDir` is the server's data folder.
 */
export async function authorizeRunForViewer(
  db: Reader,
  viewer: Viewer,
  runId: string,
  dataDir: string,
): Promise<{ readonly workFolder: string } | undefined> {
  const run = await ownRun(db, viewer, runId);
  return run === undefined ? undefined : { workFolder: runWorkFolder(dataDir, run.id) };
}
