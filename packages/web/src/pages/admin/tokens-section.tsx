import { Anchor, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenTable } from '../../account/token-table';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ADMIN_KEYS, useUsers } from './admin-queries';

/** Every API token, with its owner and scopes; an admin revokes any (SPEC W5, Y1). Issuing is in Account → API tokens. */
export function TokensSection() {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const users = useUsers();
  const tokens = useQuery({
    queryKey: ADMIN_KEYS.tokens,
    queryFn: async () => (await unwrap(api.GET('/api/admin/tokens'))).tokens,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/admin/tokens/{id}', { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.tokens }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.myTokens }),
      ]),
  });
  const owner = new Map((users.data ?? []).map((user) => [user.id, user.username]));
  return (
    <Stack>
      <Text size="sm">
        {t('admin.tokens.issueHint')}{' '}
        <Anchor component={Link} to="/account/tokens">
          {t('tokens.title')}
        </Anchor>
      </Text>
      {tokens.isPending ? (
        <PageLoader />
      ) : tokens.isError ? (
        <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : (
        <TokenTable
          tokens={tokens.data}
          owner={owner}
          onRevoke={(id) => revoke.mutateAsync(id)}
          revoking={revoke.isPending}
          revokeError={revoke.error}
          onDismiss={() => revoke.reset()}
        />
      )}
    </Stack>
  );
}
