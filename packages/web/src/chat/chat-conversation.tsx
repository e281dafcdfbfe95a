import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/api-error';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { AlwaysAllowedRules } from './always-allowed-rules';
import { ComposerDock } from './composer-dock';
import { ConversationErrors } from './conversation-errors';
import { ConversationTurn } from './conversation-turn';
import { StreamNotice } from './stream-notice';
import { useConversationActions } from './use-conversation-actions';
import { useFollowLatest } from './use-follow-latest';
import { useLiveConversation } from './use-live-conversation';
import type { StartedRun } from './use-shown-run';

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
  const [started, setStarted] = useState<StartedRun | undefined>();
  const [attempt, setAttempt] = useState(0);
  const reconnect = () => setAttempt((value) => value + 1);
  const { conversation, shownRunId, stream, busy, turns, reload } = useLiveConversation(
    agentId,
    conversationId,
    started,
    attempt,
  );

  // Keep the newest text in view while it streams, unless the reader scrolled up (then a
  // "↓ New messages" button); a (re)loaded conversation opens at its newest turn.
  const { hasNewBelow, followNow } = useFollowLatest(turns);
  const loaded = conversation.data !== undefined;
  useEffect(() => {
    if (loaded && conversationId !== undefined) followNow();
  }, [loaded, conversationId, followNow]);

  const { send, sendFromMessage, sendError, dismissSendError, cancel, retry, forget } =
    useConversationActions({
      agentId,
      conversationId,
      reload,
      followNow,
      onStarted: setStarted,
      onResumed: reconnect,
    });

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

  return (
    <Stack gap="md" className="chat-conversation">
      <AlwaysAllowedRules
        rules={conversation.data?.conversation.alwaysAllowedTools ?? []}
        onForget={(tool) => forget.mutate(tool)}
        forgetting={forget.isPending}
      />
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
            {turns.map((turn, turnIndex) => (
              <ConversationTurn
                key={turn.key}
                turn={turn}
                latest={turnIndex === turns.length - 1}
                live={turn.run !== undefined && turn.run.id === shownRunId ? stream.view : undefined}
                busy={busy}
                onSend={sendFromMessage}
                onAnswered={reload}
                retrying={retry.isPending}
                onRetry={(runId) => retry.mutate(runId)}
              />
            ))}
          </Stack>
        )}
        <StreamNotice state={stream.state} busy={busy} onReconnect={reconnect} />
      </section>
      <ConversationErrors
        sendError={sendError}
        onDismissSendError={dismissSendError}
        cancelError={cancel.error}
        retryError={retry.error}
      />
      <ComposerDock
        hasNewBelow={hasNewBelow}
        onFollow={followNow}
        busy={busy}
        onSend={send}
        stopping={cancel.isPending}
        onStop={shownRunId === undefined ? undefined : () => cancel.mutate(shownRunId)}
      />
    </Stack>
  );
}
