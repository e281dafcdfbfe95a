import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../ui/api-error-message';

/** A failed run: what happened and what to do (from its code), with the server's reason below. */
export function RunErrorAlert({
  error,
}: {
  readonly error: { readonly code: string; readonly message: string };
}) {
  const { t } = useTranslation();
  return <ApiErrorMessage error={error} title={t('chat.error.title')} testId="run-error" />;
}
