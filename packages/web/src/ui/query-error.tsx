import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from './api-error-message';

/** A failed load: what went wrong (through {@link ApiErrorMessage}) and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ApiErrorMessage
      error={error}
      title={t('app.errorTitle')}
      {...(onRetry === undefined ? {} : { onRetry })}
    />
  );
}
