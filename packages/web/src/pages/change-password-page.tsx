import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/api-error';
import { ME_QUERY_KEY, useMe } from '../auth/use-me';
import { ApiErrorMessage } from '../ui/api-error-message';

/** The shortest new password the server takes (`newPasswordSchema`). */
const MIN_PASSWORD_LENGTH = 10;

/**
 * Change my password (`POST /api/auth/password`); the server ends my other sessions. After a
 * sign-in with the one-time password or a password an admin set, this is where the app leads,
 * saying why; once the new password is saved it moves on: the superadmin to the first-run
 * checklist (`/setup`), everyone else to the skills.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/auth/password', { body: { currentPassword: current, newPassword: next } })),
    onSuccess: async () => {
      const forced = me.data?.passwordChangeRequired === true;
      setCurrent('');
      setNext('');
      setConfirm('');
      setSubmitted(false);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (forced)
        void navigate(me.data?.user.role === 'superadmin' ? '/setup' : '/skills', { replace: true });
    },
  });
  const firstRun = me.data?.passwordChangeRequired === true;
  const tooShort = next.length > 0 && next.length < MIN_PASSWORD_LENGTH;
  const mismatch = confirm.length > 0 && confirm !== next;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (current === '' || next.length < MIN_PASSWORD_LENGTH || confirm !== next) return;
    change.mutate();
  };
  const wrongCurrent = change.error instanceof ApiError && change.error.code === 'invalid_credentials';
  return (
    <Stack maw={480}>
      <Title order={1}>{firstRun ? t('password.firstRunTitle') : t('password.title')}</Title>
      {firstRun ? (
        <Alert color="yellow" role="status">
          {t('password.firstRunBody')}
        </Alert>
      ) : null}
      {change.isSuccess ? (
        <Alert color="green" role="status">
          {t('password.changed')}
        </Alert>
      ) : null}
      {change.error && !wrongCurrent ? <ApiErrorMessage error={change.error} /> : null}
      <Paper withBorder p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput
              label={t('password.current')}
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.currentTarget.value)}
              error={wrongCurrent ? t('password.wrongCurrent') : undefined}
              required
              withAsterisk={false}
            />
            <PasswordInput
              label={t('password.new')}
              description={t('password.hint')}
              autoComplete="new-password"
              value={next}
              onChange={(event) => setNext(event.currentTarget.value)}
              error={
                tooShort || (submitted && next.length < MIN_PASSWORD_LENGTH)
                  ? t('password.tooShort')
                  : undefined
              }
              required
              withAsterisk={false}
            />
            <PasswordInput
              label={t('password.confirm')}
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              error={mismatch || (submitted && confirm !== next) ? t('password.mismatch') : undefined}
              required
              withAsterisk={false}
            />
            <Group justify="flex-end">
              {firstRun ? null : (
                <Button variant="default" onClick={() => void navigate('/skills')}>
                  {t('password.later')}
                </Button>
              )}
              <Button type="submit" loading={change.isPending}>
                {t('password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Text size="xs" c="dimmed">
        {me.data?.user.username}
      </Text>
    </Stack>
  );
}
