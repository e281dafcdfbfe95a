import { Alert, Anchor, Badge, Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { SkilldockError } from '@skilldock/core/errors';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { ApprovalCard } from './approval-card';
import { ActivityList } from './chat-activity';
import { ChatComposer } from './chat-composer';
import type { ChatItem } from './chat-items';
import { type Run, useChatActions, useConversation, useRefreshChat } from './chat-queries';
import { FINISHED_STATUSES, type RunStreamEvent } from './fold-run-events';
import { type ChatTurn, conversationTurns } from './history-turns';
import { RetryButton } from './retry-button';
import { RunErrorAlert } from './run-error-alert';
import { RunFiles } from './run-files';
import { ACTIVE_STATUSES, RunStatusLine } from './run-status-line';
import { useFollowLatest } from './use-follow-latest';
import { useRunStream } from './use-run-stream';

/** Run statuses a Retry starts again from (issue 25). */
const RETRYABLE_STATUSES: ReadonlySet<string> = new Set(['failed', 'cancelled']);

/** Events after which the page reloads the conversation (its runs' status and pending approvals). */
const REFRESHING_EVENTS: ReadonlySet<string> = new Set([
  'run-status',
  'approval-request',
  'approval-decision',
]);

/** A new conversation's title: the first line of its first message, at most 80 characters. */
export function titleFromPrompt(prompt: string): string {
  const line = prompt
    .trim()
    .split('\n')[0]!
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The turns with the live run's items in place of its stored ones (the prompt kept first). */
export function withLiveItems<T extends ChatTurn<Run>>(
  turns: readonly T[],
  runId: string | undefined,
  live: readonly ChatItem[],
): T[] {
  if (runId === undefined || live.length === 0) return [...turns];
  return turns.map((turn) => {
    if (turn.run?.id !== runId) return turn;
    const prompt = turn.items.find((item) => item.kind === 'user');
    return { ...turn, items: prompt === undefined ? live : [prompt, ...live] };
  });
}

/**
 * One conversation with an agent (SPEC W4): its turns from the stored messages, the active run
 * streamed live over its events (picked up again after a reload), approval cards from the run's
 * pending approvals, Stop, each finished run's files and failures with what to do, Retry of the
 * latest run when it failed or was stopped (its partial answer marked), the
 * conversation's "always allow" rules, and the composer. Without `conversationId` it is a new
 * conversation, created by its first message.
 */
export function ChatConversation({
  agentId,
  agentName,
  conversationId,
}: {
  readonly agentId: string;
  readonly agentName: string;
  readonly conversationId: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useChatActions();
  const refresh = useRefreshChat();
  const conversation = useConversation(conversationId);
  const [started, setStarted] = useState<{ conversationId: string; run: Run } | undefined>();
  const [sendError, setSendError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  const data = conversation.data;
  const runs = data?.runs ?? [];
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

  // A conversation opened under another agent's address moves to its own agent's.
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

  // Keep the newest text in view while it streams, unless the reader scrolled up (then a
  // "↓ New messages" button); a (re)loaded conversation opens at its newest turn.
  const { hasNewBelow, followNow } = useFollowLatest(turns);
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && conversationId !== undefined) followNow();
  }, [loaded, conversationId, followNow]);

  const cancel = useMutation({
    mutationFn: (runId: string) => actions.cancelRun(runId),
    onSettled: async () => {
      await reload();
      followNow();
    },
  });
  const retry = useMutation({
    mutationFn: (runId: string) => actions.retryRun(runId),
    onSuccess: (answer) => {
      if (conversationId === undefined) return;
      // The same run goes on: follow its stream again from the start. A new run is followed as sent.
      if (answer.resumed) setAttempt((value) => value + 1);
      else setStarted({ conversationId, run: answer.run });
    },
    onSettled: async () => {
      await reload();
      followNow();
    },
  });
  const forget = useMutation({
    mutationFn: (toolName: string) => actions.forgetAlwaysAllowed(conversationId!, toolName),
    onSettled: reload,
  });

  const send = async (prompt: string): Promise<boolean> => {
    setSendError(null);
    let id = conversationId;
    try {
      if (id === undefined)
        id = (await actions.createConversation(agentId, titleFromPrompt(prompt))).conversation.id;
      const { run } = await actions.startRun(id, prompt);
      setStarted({ conversationId: id, run });
      followNow();
      return true;
    } catch (error) {
      setSendError(error);
      return false;
    } finally {
      if (id !== undefined && id !== conversationId) void navigate(`/agents/${agentId}/chat/${id}`);
      if (id !== undefined) await refresh(agentId, id);
    }
  };
  const sendFromMessage = async (text: string) => {
    if (!(await send(text))) throw new SkilldockError('chat_send_failed', t('chat.sendFailedShort'));
  };

  if (conversationId !== undefined && conversation.isPending) return <PageLoader />;
  if (conversation.isError) {
    const missing = conversation.error instanceof ApiError && conversation.error.status === 404;
    return missing ? (
      <Alert color="yellow" role="alert" title={t('chat.notFound')}>
        <Anchor component={Link} to={`/agents/${agentId}/chat`}>
          {t('chat.backToNew')}
        </Anchor>
      </Alert>
    ) : (
      <QueryError error={conversation.error} onRetry={() => void conversation.refetch()} />
    );
  }

  const rules = data?.conversation.alwaysAllowedTools ?? [];
  const canSend = !busy;
  return (
    <Stack gap="md" className="chat-conversation">
      {rules.length === 0 ? null : (
        <Group gap="xs" data-testid="always-rules">
          <Text size="xs" c="dimmed">
            {t('chat.rules.label')}
          </Text>
          {rules.map((tool) => (
            <Badge
              key={tool}
              variant="outline"
              style={{ textTransform: 'none' }}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('chat.rules.forget', { tool })}
                  onClick={() => forget.mutate(tool)}
                  disabled={forget.isPending}
                />
              }
            >
              {tool}
            </Badge>
          ))}
        </Group>
      )}
      <section aria-label={t('chat.messagesLabel')} className="chat-messages" data-testid="chat-messages">
        {turns.length === 0 ? (
          <Stack gap={4} py="xl" ta="center">
            <Title order={2} size="h3">
              {t('chat.emptyTitle')}
            </Title>
            <Text c="dimmed">{t('chat.emptyBody', { name: agentName })}</Text>
          </Stack>
        ) : (
          <Stack gap="lg">
            {turns.map((turn, turnIndex) => {
              const run = turn.run;
              const live = run !== undefined && run.id === shownRunId;
              const status = (live ? liveStatus : undefined) ?? run?.status;
              const error = run?.error ?? (live ? stream.view.error : undefined) ?? null;
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
                <article key={turn.key} className="chat-turn" data-testid="chat-turn" data-run={run?.id}>
                  <Stack gap="xs">
                    <ActivityList items={turn.items} canSend={canSend} onSend={sendFromMessage} />
                    {pending.map((approval, index) => (
                      <ApprovalCard
                        key={approval.toolCallId}
                        runId={run!.id}
                        approval={approval}
                        onAnswered={reload}
                        takeFocus={index === 0 && turnIndex === turns.length - 1}
                      />
                    ))}
                    {status === undefined || status === 'completed' || error !== null ? null : (
                      <RunStatusLine status={status} {...(live ? { queue: stream.view.queue } : {})} />
                    )}
                    {error === null ? null : <RunErrorAlert error={error} />}
                    {run !== undefined &&
                    turnIndex === turns.length - 1 &&
                    RETRYABLE_STATUSES.has(run.status) &&
                    (status === undefined || RETRYABLE_STATUSES.has(status)) &&
                    !busy ? (
                      <RetryButton run={run} pending={retry.isPending} onRetry={() => retry.mutate(run.id)} />
                    ) : null}
                    {run !== undefined && FINISHED_STATUSES.has(run.status) ? (
                      <RunFiles runId={run.id} />
                    ) : null}
                  </Stack>
                </article>
              );
            })}
          </Stack>
        )}
        {stream.state === 'reconnecting' && busy ? (
          <Text size="xs" c="dimmed" role="status">
            {t('chat.stream.reconnecting')}
          </Text>
        ) : null}
        {stream.state === 'failed' && busy ? (
          <Alert color="yellow" role="alert" mt="sm" title={t('chat.stream.failed')}>
            <Button size="xs" variant="light" onClick={() => setAttempt((value) => value + 1)}>
              {t('chat.stream.reconnect')}
            </Button>
          </Alert>
        ) : null}
      </section>
      {sendError === null ? null : (
        <ApiErrorMessage
          error={sendError}
          title={t('chat.sendFailed')}
          onClose={() => setSendError(null)}
          {...(sendError instanceof ApiError && sendError.code === 'run_active'
            ? { summary: t('chat.sendRunActive') }
            : {})}
        />
      )}
      {cancel.error === null ? null : <ApiErrorMessage error={cancel.error} />}
      {retry.error === null ? null : (
        <ApiErrorMessage
          error={retry.error}
          testId="retry-error"
          title={
            retry.error instanceof ApiError &&
            ['run_not_retryable', 'run_not_latest', 'run_active'].includes(retry.error.code)
              ? t('chat.retry.refused')
              : t('chat.retry.failed')
          }
        />
      )}
      <div className="chat-composer-dock">
        {hasNewBelow ? (
          <Group justify="center" mb="xs">
            <Button
              size="xs"
              radius="xl"
              variant="filled"
              onClick={followNow}
              data-testid="new-messages"
              className="chat-new-messages"
            >
              {t('chat.newMessages')}
            </Button>
          </Group>
        ) : null}
        <ChatComposer
          busy={busy}
          onSend={send}
          stopping={cancel.isPending}
          {...(shownRunId === undefined ? {} : { onStop: () => cancel.mutate(shownRunId) })}
        />
      </div>
    </Stack>
  );
}
