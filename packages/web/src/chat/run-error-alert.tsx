import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The failure codes with advice of their own; any other gets the general advice. */
const ADVISED = [
  'model_provider_missing',
  'run_max_turns',
  'run_time_limit',
  'run_worker_lost',
  'run_worker_stopped',
  'run_agent_unreadable',
  'run_user_disabled',
  'run_cancelled_by_admin',
] as const;

/** What to do about a run's failure `code`, as an i18n key. */
export function adviceKeyOf(code: string): `chat.error.${(typeof ADVISED)[number] | 'other'}` {
  const known = ADVISED.find((candidate) => candidate === code);
  return `chat.error.${known ?? 'other'}`;
}

/** A failed run: the server's reason and code, and what the user can do about it. */
export function RunErrorAlert({
  error,
}: {
  readonly error: { readonly code: string; readonly message: string };
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      role="alert"
      title={t('chat.error.title', { message: error.message })}
      data-testid="run-error"
    >
      <Text size="sm">
        {t(adviceKeyOf(error.code))} <code>{error.code}</code>
      </Text>
    </Alert>
  );
}
