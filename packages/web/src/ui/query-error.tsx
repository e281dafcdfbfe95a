import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';

/** A failed load: what the server said (its code and message) and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" title={t('app.errorTitle')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {message}
          {error instanceof ApiError ? ` (${error.code})` : ''}
        </Text>
        {onRetry === undefined ? null : (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
