import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/api-error';
import { ME_QUERY_KEY, useMe } from '../auth/use-me';
import { ApiErrorMessage } from '../ui/api-error-message';
import { LanguageSwitch } from '../ui/language-switch';
import { PageLoader } from '../ui/page-loader';
import { ThemeToggle } from '../ui/theme-toggle';

/** Only a path on this site may be the page to return to after signing in (never `//host` or `/\\host`). */
export function safeNext(value: string | null): string {
  return value !== null && /^\/(?![/\\])/.test(value) ? value : '/skills';
}

/**
 * Sign in with a username and password (SPEC Y1). The first start prints the superadmin's
 * one-time password in the terminal; signing in with it leads on to choosing a new one.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const { api, csrf } = useApi();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const next = safeNext(searchParams.get('next'));
  const login = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/login', { body: { username, password } })),
    onSuccess: (signedIn) => {
      csrf.set(signedIn.csrfToken);
      queryClient.setQueryData(ME_QUERY_KEY, signedIn);
      void navigate(signedIn.passwordChangeRequired ? '/account/password' : next, { replace: true });
    },
  });
  if (me.isPending) return <PageLoader />;
  if (me.data && !login.isSuccess) return <Navigate to={next} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  const error = login.error;
  return (
    <Center mih="100dvh" p="md">
      <Stack w="100%" maw={400} gap="md">
        <Stack gap={4} align="flex-end">
          <div style={{ display: 'flex', gap: 8 }}>
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </Stack>
        <Paper withBorder shadow="sm" p="lg" radius="md" component="main">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2">
                {t('signIn.title')}
              </Title>
              {error ? (
                <ApiErrorMessage error={error} summary={signInErrorMessage(error, t) ?? undefined} />
              ) : null}
              <TextInput
                label={t('signIn.username')}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(event) => setUsername(event.currentTarget.value)}
                required
                withAsterisk={false}
                data-autofocus
              />
              <PasswordInput
                label={t('signIn.password')}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                required
                withAsterisk={false}
              />
              <Button type="submit" loading={login.isPending} disabled={username === '' || password === ''}>
                {t('signIn.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Alert variant="light" title={t('signIn.firstRunTitle')}>
          <Text size="sm">{t('signIn.firstRunBody', { username: 'admin' })}</Text>
        </Alert>
      </Stack>
    </Center>
  );
}

/** What the sign-in page says better than the code's own text; null: the code's text says it. */
function signInErrorMessage(error: Error, t: TFunction): string | null {
  if (error instanceof ApiError && error.code === 'invalid_credentials')
    return t('signIn.invalidCredentials');
  if (error instanceof ApiError && error.code === 'rate_limited') {
    const seconds = Number(error.details.retryAfterSeconds);
    return t('signIn.rateLimited', { count: Number.isFinite(seconds) ? seconds : 60 });
  }
  return null;
}
