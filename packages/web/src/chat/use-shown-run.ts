import { useEffect, useState } from 'react';
import type { Run } from './chat-queries';
import { ACTIVE_STATUSES } from './run-status-line';

/** A run this page started, with the conversation it belongs to. */
export interface StartedRun {
  readonly conversationId: string;
  readonly run: Run;
}

/**
 * Which run of a conversation the page follows: the active one, else the one it just started
 * (until the listing says it ended), else the one it followed last. `startedHere` is the started
 * run when it belongs to this conversation, `startedListed` its entry in `runs` once listed.
 */
export function useShownRun(
  conversationId: string | undefined,
  runs: readonly Run[],
  started: StartedRun | undefined,
): { startedHere: Run | undefined; startedListed: Run | undefined; shownRunId: string | undefined } {
  const activeRun = [...runs].reverse().find((run) => ACTIVE_STATUSES.has(run.status));
  const startedHere =
    started !== undefined && started.conversationId === conversationId ? started.run : undefined;
  const startedListed = startedHere === undefined ? undefined : runs.find((run) => run.id === startedHere.id);
  const streamRunId =
    activeRun?.id ??
    (startedHere !== undefined && (startedListed === undefined || ACTIVE_STATUSES.has(startedListed.status))
      ? startedHere.id
      : undefined);

  // The run this page followed last stays shown from its events after it ends (its approvals,
  // sub-agents and skill reads are richer there than in the stored messages) until another starts.
  const [lastStreamed, setLastStreamed] = useState<{ conversationId: string; runId: string } | undefined>();
  useEffect(() => {
    if (streamRunId !== undefined && conversationId !== undefined)
      setLastStreamed({ conversationId, runId: streamRunId });
  }, [streamRunId, conversationId]);
  const shownRunId =
    streamRunId ?? (lastStreamed?.conversationId === conversationId ? lastStreamed?.runId : undefined);
  return { startedHere, startedListed, shownRunId };
}
