import type { CliEnvironment } from '../cli-environment.js';
import { loadCore } from '../load-core.js';

/**
 * Runs an install command's work with its drafts looked after (SPEC P6): drafts left by
 * interrupted runs (their process has ended, or their hour is over) are swept first, and a signal
 * during the work removes this run's drafts before the process ends. `work` gets the staging folder
 * of this invocation's temp folder ({@link CliEnvironment.temporaryDirectory}).
 * @example .action((source, options) => withDraftCleanup(environment, (stagingParent) => …))
 */
export async function withDraftCleanup<T>(
  environment: CliEnvironment,
  work: (stagingParent: string) => Promise<T>,
): Promise<T> {
  const core = await loadCore('install');
  const stagingParent = core.defaultStagingParent(environment.temporaryDirectory);
  const restoreSignals = core.removeDraftsOnSignal();
  try {
    await new core.DraftStore({ directory: stagingParent }).sweep();
    return await work(stagingParent);
  } finally {
    restoreSignals();
  }
}
