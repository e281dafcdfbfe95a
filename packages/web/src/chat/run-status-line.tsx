import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RunView } from './fold-run-events';

/** Run statuses while the conversation cannot take another message. */
export const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['queued', 'running', 'waiting_approval']);

/**
 * A run's status under its turn, with a spinner while it is queued or running; a queued run says
 * how many of the reader's runs are ahead of it (SPEC O2) when the stream said so.
 */
export function RunStatusLine({
  status,
  queue,
}: {
  readonly status: string;
  readonly queue?: RunView['queue'];
}) {
  const { t } = useTranslation();
  const known = (['queued', 'running', 'waiting_approval', 'completed', 'failed', 'cancelled'] as const).find(
    (candidate) => candidate === status,
  );
  if (known === undefined) return null;
  return (
    <Group gap="xs" aria-live="polite" data-testid="run-status" data-status={status}>
      {ACTIVE_STATUSES.has(status) && status !== 'waiting_approval' ? <Loader size="xs" /> : null}
      <Text size="xs" c="dimmed">
        {known === 'queued' && queue !== undefined
          ? t('chat.status.queuedBehind', { count: queue.runsAhead, limit: queue.limit })
          : t(`chat.status.${known}`)}
      </Text>
    </Group>
  );
}
