import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { prettyInput } from './chat-activity';
import { inputText } from './chat-items';
import { useChatActions } from './chat-queries';
import { NeutralText } from './neutral-text';

/** One pending approval as the run lists it (`Run.pendingApprovals`). */
export interface PendingApproval {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input?: unknown;
  /** False for a call "always allow" may not cover (it writes the agent's configuration). */
  readonly canAlwaysAllow?: boolean;
}

/**
 * An inline card for a pending approval of a run (SPEC W4, G3): what the tool would do — with
 * bidi, zero-width and control characters shown as marked escapes (SEC10) — and
 * allow once, always allow this tool in this conversation, or deny with a reason the model reads.
 * It is built from the run's stored `pendingApprovals`, so it is back after a reload. With
 * `takeFocus` (the first pending card of the conversation) it scrolls itself into view when it
 * appears and puts the keyboard on its first button — Deny, so a stray Enter never grants a call.
 */
export function ApprovalCard({
  runId,
  approval,
  onAnswered,
  takeFocus = false,
}: {
  readonly runId: string;
  readonly approval: PendingApproval;
  readonly onAnswered: () => Promise<unknown>;
  readonly takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus || card.current === null) return;
    card.current.scrollIntoView?.({ block: 'center' });
    card.current.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus({ preventScroll: true });
  }, [takeFocus]);
  const actions = useChatActions();
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const answer = useMutation({
    mutationFn: (body: { decision: 'allow' | 'deny'; always?: boolean; reason?: string }) =>
      actions.answerApproval(runId, approval.toolCallId, body),
    onSettled: onAnswered,
  });
  const tool = approval.toolName;
  const error = answer.error;
  return (
    <Card
      ref={card}
      withBorder
      padding="sm"
      className="chat-approval"
      data-testid="approval-card"
      data-tool={tool}
      role="group"
      aria-label={t('chat.approval.title', { tool })}
    >
      <Stack gap="xs">
        <Text fw={600}>{t('chat.approval.title', { tool })}</Text>
        <Text size="sm">{t('chat.approval.body', { tool })}</Text>
        <pre className="chat-pre">
          <NeutralText text={prettyInput(inputText(approval.input))} />
        </pre>
        {error === null ? null : (
          <ApiErrorMessage
            error={error}
            title={t('chat.approval.failed')}
            {...(error instanceof ApiError && ['run_not_waiting', 'approval_not_pending'].includes(error.code)
              ? { summary: t('chat.approval.notWaiting') }
              : {})}
          />
        )}
        {denying ? (
          <>
            <Textarea
              label={t('chat.approval.denyReason')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={2000}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => setDenying(false)}
                disabled={answer.isPending}
              >
                {t('chat.approval.back')}
              </Button>
              <Button
                color="red"
                size="xs"
                loading={answer.isPending}
                onClick={() =>
                  answer.mutate({
                    decision: 'deny',
                    ...(reason.trim() === '' ? {} : { reason: reason.trim() }),
                  })
                }
              >
                {t('chat.approval.denyConfirm')}
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setDenying(true)} disabled={answer.isPending}>
              {t('chat.approval.deny')}
            </Button>
            {approval.canAlwaysAllow === false ? null : (
              <Button
                variant="light"
                size="xs"
                loading={answer.isPending && answer.variables?.always === true}
                disabled={answer.isPending}
                onClick={() => answer.mutate({ decision: 'allow', always: true })}
              >
                {t('chat.approval.allowAlways', { tool })}
              </Button>
            )}
            <Button
              size="xs"
              loading={answer.isPending && answer.variables?.always !== true}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ decision: 'allow' })}
            >
              {t('chat.approval.allowOnce')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
