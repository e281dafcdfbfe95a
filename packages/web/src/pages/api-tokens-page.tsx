import { Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NewTokenForm } from '../account/new-token-form';
import { TokenTable } from '../account/token-table';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { isAdmin, useMe } from '../auth/use-me';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';

/** The query key of my tokens (`GET /api/auth/tokens`); the admin list invalidates it too. */
export const MY_TOKENS_KEY = ['auth', 'tokens'] as const;

/**
 * Account → API tokens (issue 24): every account issues its own tokens with scopes and an expiry
 * (shown once), sees each one's last use, and revokes them.
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useMe();
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: MY_TOKENS_KEY,
    queryFn: async () => (await unwrap(api.GET('/api/auth/tokens'))).tokens,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['auth', 'tokens'] });
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/auth/tokens/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  return (
    <Stack maw={1000}>
      <Title order={1}>{t('tokens.title')}</Title>
      <Text>{t('tokens.description')}</Text>
      <Title order={2} size="h3">
        {t('tokens.new')}
      </Title>
      <NewTokenForm admin={isAdmin(me.data)} onIssued={() => void refresh()} />
      <Title order={2} size="h3">
        {t('tokens.mine')}
      </Title>
      {tokens.isPending ? (
        <PageLoader />
      ) : tokens.isError ? (
        <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : (
        <TokenTable
          tokens={tokens.data}
          onRevoke={(id) => revoke.mutateAsync(id)}
          revoking={revoke.isPending}
          revokeError={revoke.error}
          onDismiss={() => revoke.reset()}
        />
      )}
    </Stack>
  );
}
