import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Run } from './chat-queries';

/**
 * Retry of a failed or stopped run (issue 25): "Resume" when it goes on from its checkpoint
 * (`resumable`), else "Retry" — the same message answered again by a new run.
 */
export function RetryButton({
  run,
  pending,
  onRetry,
}: {
  readonly run: Run;
  readonly pending: boolean;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        onClick={onRetry}
        loading={pending}
        data-testid="run-retry"
        title={t(run.resumable ? 'chat.retry.resumeHint' : 'chat.retry.retryHint')}
      >
        {t(run.resumable ? 'chat.retry.resume' : 'chat.retry.retry')}
      </Button>
    </Group>
  );
}
