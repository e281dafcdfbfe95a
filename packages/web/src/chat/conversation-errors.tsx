import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';

/** Refusals of a Retry that name the run's state rather than a fault. */
const RETRY_REFUSALS: readonly string[] = ['run_not_retryable', 'run_not_latest', 'run_active'];

/**
 * The failures of a conversation's writes, each in its own message: the send (dismissable; a run
 * already going is said plainly), Stop, and Retry (refused, or failed).
 */
export function ConversationErrors({
  sendError,
  onDismissSendError,
  cancelError,
  retryError,
}: {
  readonly sendError: unknown;
  readonly onDismissSendError: () => void;
  readonly cancelError: Error | null;
  readonly retryError: Error | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {sendError === null ? null : (
        <ApiErrorMessage
          error={sendError}
          title={t('chat.sendFailed')}
          onClose={onDismissSendError}
          {...(sendError instanceof ApiError && sendError.code === 'run_active'
            ? { summary: t('chat.sendRunActive') }
            : {})}
        />
      )}
      {cancelError === null ? null : <ApiErrorMessage error={cancelError} />}
      {retryError === null ? null : (
        <ApiErrorMessage
          error={retryError}
          testId="retry-error"
          title={
            retryError instanceof ApiError && RETRY_REFUSALS.includes(retryError.code)
              ? t('chat.retry.refused')
              : t('chat.retry.failed')
          }
        />
      )}
    </>
  );
}
