import { abortable } from './abortable.js';
import type { AgentEvent } from './agent-event.js';
import type { RunContext } from './run-context.js';

/**
 * Before a model request: re-read the catalog through `context.refreshCatalog` and hand a new
 * snapshot to the skill session, which queues the change signals the loop then appends (SPEC R7,
 * D7). A failure keeps the old catalog and becomes a `catalog-refresh-error` event; a cancelled
 * run just returns (the caller checks its stop reason).
 */
export async function* refreshSkillCatalog(
  context: RunContext,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent, void> {
  const { skillSession: session, refreshCatalog } = context;
  if (session === undefined || refreshCatalog === undefined || signal.aborted) return;
  let snapshot: Awaited<ReturnType<typeof refreshCatalog>>;
  try {
    snapshot = await abortable(refreshCatalog(signal), signal);
  } catch (error) {
    if (signal.aborted) return;
    yield {
      type: 'catalog-refresh-error',
      error: error instanceof Error ? error : new Error(String(error)),
    };
    return;
  }
  if (snapshot !== undefined && snapshot !== session.catalog) session.updateCatalog(snapshot);
}
