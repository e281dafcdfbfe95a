import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type Run, useConversation, useRefreshChat } from './chat-queries';
import { FINISHED_STATUSES, type RunStreamEvent } from './fold-run-events';
import { type ChatTurn, conversationTurns } from './history-turns';
import { useRunStream } from './use-run-stream';
import { type StartedRun, useShownRun } from './use-shown-run';
import { withLiveItems } from './with-live-items';

/** Events after which the page reloads the conversation (its runs' status and pending approvals). */
const REFRESHING_EVENTS: ReadonlySet<string> = new Set([
  'run-status',
  'approval-request',
  'approval-decision',
]);

/**
 * One conversation as the page shows it (SPEC W4): the stored conversation, the run it follows
 * streamed live (`attempt` reconnects it), its turns with that run's live items, whether a run is
 * still going (`busy`) and `reload`. A conversation opened under another agent's address moves to
 * its own agent's.
 */
export function useLiveConversation(
  agentId: string,
  conversationId: string | undefined,
  started: StartedRun | undefined,
  attempt: number,
) {
  const navigate = useNavigate();
  const refresh = useRefreshChat();
  const conversation = useConversation(conversationId);
  const data = conversation.data;
  const { startedHere, startedListed, shownRunId } = useShownRun(conversationId, data?.runs ?? [], started);

  const ownerAgentId = data?.conversation.agentId;
  useEffect(() => {
    if (ownerAgentId !== undefined && ownerAgentId !== agentId && conversationId !== undefined)
      void navigate(`/agents/${ownerAgentId}/chat/${conversationId}`, { replace: true });
  }, [ownerAgentId, agentId, conversationId, navigate]);

  const reload = useCallback(() => refresh(agentId, conversationId), [refresh, agentId, conversationId]);
  const onEvent = useCallback(
    (event: RunStreamEvent) => {
      if (REFRESHING_EVENTS.has(event.type)) void reload();
    },
    [reload],
  );
  const stream = useRunStream(shownRunId, onEvent, attempt);
  const liveStatus = stream.view.status;
  const busy = shownRunId !== undefined && !(liveStatus !== undefined && FINISHED_STATUSES.has(liveStatus));

  const turns = useMemo(() => {
    if (data === undefined) return [];
    const stored = conversationTurns(data) as ChatTurn<Run>[];
    if (startedHere !== undefined && startedListed === undefined)
      stored.push({
        key: startedHere.id,
        run: startedHere,
        items: [{ kind: 'user', key: `${startedHere.id}-prompt`, text: startedHere.prompt }],
      });
    return withLiveItems(stored, shownRunId, stream.view.items);
  }, [data, startedHere, startedListed, shownRunId, stream.view.items]);

  return { conversation, shownRunId, stream, busy, turns, reload };
}
