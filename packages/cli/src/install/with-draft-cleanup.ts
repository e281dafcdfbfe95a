import { loadInstallCore } from '../load-core.js';

/**
 * Runs an install command's work with its drafts looked after (SPEC P6): drafts left by
 * interrupted runs (their process has ended, or their hour is over) are swept first, and a signal
 * during the work removes this run's drafts before the process ends.
 * @example .action((source, options) => withDraftCleanup(() => installFromSource(source, options, output)))
 */
export async function withDraftCleanup<T>(work: () => Promise<T>): Promise<T> {
  const core = await loadInstallCore();
  const restoreSignals = core.removeDraftsOnSignal();
  try {
    await new core.DraftStore().sweep();
    return await work();
  } finally {
    restoreSignals();
  }
}
