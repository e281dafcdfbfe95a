import type { SkilldockDatabase } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { pruneRunEvents } from './prune-run-events.js';
import { sweepOrphanRunWorkFolders } from './remove-run-work-folders.js';

/** How long a finished run keeps its streamed events, and how often a process tidies up. */
export interface RunEventRetention {
  /** A run's events are kept this long after it ended (default 7 days). */
  readonly keepMs?: number;
  /** How often a process tidies up (default hourly; the first time a minute after start at most). */
  readonly everyMs?: number;
}

const DEFAULT_RUN_EVENT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const DEFAULT_EVERY_MS = 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/**
 * Tidies up after runs now and then in this process (every process may: what another process
 * already removed is simply gone): prunes finished runs' old events ({@link pruneRunEvents}) and
 * removes the work folders of runs that no longer exist ({@link sweepOrphanRunWorkFolders}). One
 * round at a time; the timers never keep the process alive; `stop()` resolves once a round in
 * flight has ended.
 */
export function startRunHousekeeping(
  context: { readonly db: SkilldockDatabase; readonly logger: Logger; readonly dataDir: string },
  { keepMs = DEFAULT_RUN_EVENT_KEEP_MS, everyMs = DEFAULT_EVERY_MS }: RunEventRetention = {},
): { stop(): Promise<void> } {
  const { db, logger, dataDir } = context;
  let running: Promise<void> | undefined;
  const round = async () => {
    const events = await pruneRunEvents(db, new Date(Date.now() - keepMs)).catch((error: unknown) => {
      logger.warn('run_events_prune_failed', { message: String(error) });
      return 0;
    });
    if (events > 0) logger.info('run_events_pruned', { events });
    const folders = await sweepOrphanRunWorkFolders(db, dataDir, logger).catch((error: unknown) => {
      logger.warn('run_work_sweep_failed', { message: String(error) });
      return [] as string[];
    });
    if (folders.length > 0) logger.info('run_work_folders_removed', { runs: folders.length });
  };
  const tick = () => {
    if (running !== undefined) return;
    running = round().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(tick, Math.min(everyMs, FIRST_AFTER_MS));
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
