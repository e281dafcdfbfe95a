import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import type { components } from '../../api/generated/openapi';
import { formatDateTime } from '../../app/format-date-time';
import { PageLoader } from '../../app/page-loader';
import { QueryError } from '../../app/query-error';
import { ADMIN_KEYS, useUsers } from './admin-queries';

type ApiToken = components['schemas']['ApiToken'];
type Access = ApiToken['access'];

/** API tokens: issue my own (shown once), and see and revoke every token (SPEC W5, Y1). */
export function TokensSection() {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const users = useUsers();
  const tokens = useQuery({
    queryKey: ADMIN_KEYS.tokens,
    queryFn: async () => (await unwrap(api.GET('/api/admin/tokens'))).tokens,
  });
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.tokens }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.myTokens }),
    ]);
  const issue = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/tokens', { body: { name, access } })),
    onSuccess: async () => {
      setName('');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/admin/tokens/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') issue.mutate();
  };
  const owner = new Map((users.data ?? []).map((user) => [user.id, user.username]));
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('admin.tokens.new')}
      </Title>
      <form onSubmit={submit}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('admin.tokens.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            maw={320}
          />
          <Select
            label={t('admin.tokens.access')}
            data={[
              { value: 'read', label: t('admin.tokens.read') },
              { value: 'read-write', label: t('admin.tokens.readWrite') },
            ]}
            value={access}
            onChange={(value) => value !== null && setAccess(value as Access)}
            allowDeselect={false}
            w={180}
          />
          <Button type="submit" loading={issue.isPending} disabled={name.trim() === ''}>
            {t('admin.create')}
          </Button>
        </Group>
      </form>
      {issue.error ? (
        <Alert color="red" role="alert">
          {issue.error.message}
        </Alert>
      ) : null}
      {issue.data ? (
        <Alert color="green" role="status">
          <Stack gap={4}>
            <Text size="sm">{t('admin.tokens.issued')}</Text>
            <Code
              block
              aria-label={t('admin.tokens.tokenLabel')}
              data-testid="issued-token"
              style={{ overflowWrap: 'anywhere' }}
            >
              {issue.data.token}
            </Code>
          </Stack>
        </Alert>
      ) : null}
      <Title order={2} size="h3">
        {t('admin.tokens.all')}
      </Title>
      {revoke.error ? (
        <Alert color="red" role="alert">
          {revoke.error.message}
        </Alert>
      ) : null}
      {tokens.isPending ? (
        <PageLoader />
      ) : tokens.isError ? (
        <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <Text>{t('admin.tokens.empty')}</Text>
      ) : (
        <TokenTable tokens={tokens.data} owner={owner} onRevoke={(id) => revoke.mutate(id)} />
      )}
    </Stack>
  );
}

function TokenTable({
  tokens,
  owner,
  onRevoke,
}: {
  tokens: readonly ApiToken[];
  owner: ReadonlyMap<string, string>;
  onRevoke: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.tokens.name')}</Table.Th>
            <Table.Th>{t('admin.tokens.owner')}</Table.Th>
            <Table.Th>{t('admin.tokens.access')}</Table.Th>
            <Table.Th>{t('admin.tokens.created')}</Table.Th>
            <Table.Th>{t('admin.tokens.lastUsed')}</Table.Th>
            <Table.Th>{t('admin.tokens.status')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('admin.tokens.revoke')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td ff="monospace">{owner.get(token.userId) ?? token.userId}</Table.Td>
              <Table.Td>
                {token.access === 'read' ? t('admin.tokens.read') : t('admin.tokens.readWrite')}
              </Table.Td>
              <Table.Td>{formatDateTime(token.createdAt, i18n.language)}</Table.Td>
              <Table.Td>
                {token.lastUsedAt === null
                  ? t('admin.tokens.never')
                  : formatDateTime(token.lastUsedAt, i18n.language)}
              </Table.Td>
              <Table.Td>
                <Badge color={token.revokedAt === null ? 'green' : 'gray'} variant="light">
                  {token.revokedAt === null ? t('admin.tokens.activeStatus') : t('admin.tokens.revoked')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {token.revokedAt === null ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onRevoke(token.id)}
                    aria-label={`${t('admin.tokens.revoke')} ${token.name}`}
                  >
                    {t('admin.tokens.revoke')}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
