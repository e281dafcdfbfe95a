import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StreamState } from './use-run-stream';

/**
 * How the followed run's stream stands while the run works: "reconnecting" as a status line, or —
 * once it gave up — an alert with a button that connects again.
 */
export function StreamNotice({
  state,
  busy,
  onReconnect,
}: {
  readonly state: StreamState;
  /** The followed run still works (after it ends the stream's state no longer matters). */
  readonly busy: boolean;
  readonly onReconnect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {state === 'reconnecting' && busy ? (
        <Text size="xs" c="dimmed" role="status">
          {t('chat.stream.reconnecting')}
        </Text>
      ) : null}
      {state === 'failed' && busy ? (
        <Alert color="yellow" role="alert" mt="sm" title={t('chat.stream.failed')}>
          <Button size="xs" variant="light" onClick={onReconnect}>
            {t('chat.stream.reconnect')}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}
