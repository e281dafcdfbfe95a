import { Stack } from '@mantine/core';
import { ApprovalCard } from './approval-card';
import { ActivityList } from './chat-activity';
import type { Run } from './chat-queries';
import { FINISHED_STATUSES, type RunView } from './fold-run-events';
import type { ChatTurn } from './history-turns';
import { RetryButton } from './retry-button';
import { RunErrorAlert } from './run-error-alert';
import { RunFiles } from './run-files';
import { RunStatusLine } from './run-status-line';

/** Run statuses a Retry starts again from (issue 25). */
const RETRYABLE_STATUSES: ReadonlySet<string> = new Set(['failed', 'cancelled']);

/** Props of {@link ConversationTurn}. */
export interface ConversationTurnProps {
  readonly turn: ChatTurn<Run>;
  /** Whether it is the conversation's newest turn: its first approval takes focus, it may be retried. */
  readonly latest: boolean;
  /** The streamed view of the turn's run, when it is the run the page follows. */
  readonly live: RunView | undefined;
  /** A run of the conversation is still going: no message, no retry. */
  readonly busy: boolean;
  readonly onSend: (text: string) => Promise<void>;
  readonly onAnswered: () => Promise<unknown>;
  readonly retrying: boolean;
  readonly onRetry: (runId: string) => void;
}

/**
 * One turn of a conversation (SPEC W4): its messages and activity, the run's pending approvals
 * not yet answered in the stream, its status while it works, its failure, Retry when it is the
 * latest run and failed or was stopped, and the files of a finished run.
 */
export function ConversationTurn({
  turn,
  latest,
  live,
  busy,
  onSend,
  onAnswered,
  retrying,
  onRetry,
}: ConversationTurnProps) {
  const run = turn.run;
  const status = live?.status ?? run?.status;
  const error = run?.error ?? live?.error ?? null;
  const answered = new Set(
    turn.items.flatMap((item) =>
      item.kind === 'tool' && item.approval !== undefined ? [item.toolCallId] : [],
    ),
  );
  const pending =
    run !== undefined && run.status === 'waiting_approval' && status === 'waiting_approval'
      ? run.pendingApprovals.filter((approval) => !answered.has(approval.toolCallId))
      : [];
  return (
    <article className="chat-turn" data-testid="chat-turn" data-run={run?.id}>
      <Stack gap="xs">
        <ActivityList items={turn.items} canSend={!busy} onSend={onSend} />
        {pending.map((approval, index) => (
          <ApprovalCard
            key={approval.toolCallId}
            runId={run!.id}
            approval={approval}
            onAnswered={onAnswered}
            takeFocus={index === 0 && latest}
          />
        ))}
        {status === undefined || status === 'completed' || error !== null ? null : (
          <RunStatusLine status={status} {...(live === undefined ? {} : { queue: live.queue })} />
        )}
        {error === null ? null : <RunErrorAlert error={error} />}
        {run !== undefined &&
        latest &&
        RETRYABLE_STATUSES.has(run.status) &&
        (status === undefined || RETRYABLE_STATUSES.has(status)) &&
        !busy ? (
          <RetryButton run={run} pending={retrying} onRetry={() => onRetry(run.id)} />
        ) : null}
        {run !== undefined && FINISHED_STATUSES.has(run.status) ? <RunFiles runId={run.id} /> : null}
      </Stack>
    </article>
  );
}
