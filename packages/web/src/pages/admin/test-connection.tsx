import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { ApiError, unwrap } from '../../api/api-error';
import { ApiErrorMessage } from '../../ui/api-error-message';

/**
 * "Test connection" (SPEC O4): one request for one token to the provider, then the model's reply
 * or the exact failure — the error code, the provider's HTTP status and its message — in a live
 * region, so a screen reader hears the outcome too.
 */
export function TestConnection({ providerId, onSuccess }: { providerId: string; onSuccess?: () => void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const test = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/admin/model-providers/{id}/test', { params: { path: { id: providerId } } })),
    onSuccess: () => onSuccess?.(),
  });
  const failure = test.error;
  const status = failure instanceof ApiError ? failure.details.status : undefined;
  return (
    <Stack gap="xs" data-testid={`test-connection-${providerId}`}>
      <div>
        <Button
          size="xs"
          variant="light"
          loading={test.isPending}
          onClick={() => test.mutate()}
          aria-label={t('providers.testFor', { id: providerId })}
        >
          {t('providers.test')}
        </Button>
      </div>
      <div aria-live="polite">
        {test.isSuccess ? (
          <Alert color="green" title={t('providers.testPassed')} data-testid="test-connection-success">
            <Text size="sm">
              {t('providers.testReply', {
                model: test.data.test.model,
                reply: test.data.test.reply === '' ? t('providers.emptyReply') : test.data.test.reply,
                ms: test.data.test.latencyMs,
              })}
            </Text>
          </Alert>
        ) : null}
        {failure ? (
          <ApiErrorMessage error={failure} title={t('providers.testFailed')} testId="test-connection-failure">
            {typeof status === 'number' ? (
              <Text size="xs" c="dimmed">
                {t('providers.testStatus', { status })}
              </Text>
            ) : null}
          </ApiErrorMessage>
        ) : null}
      </div>
    </Stack>
  );
}
