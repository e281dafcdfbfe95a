import { Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { useMe } from '../../auth/use-me';
import { declaredVersion } from '../../skills/skill-id-line';
import { ApiErrorMessage } from '../../ui/api-error-message';
import { formatDateTime } from '../../ui/format-date-time';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ADMIN_KEYS } from './admin-queries';

/** Builtin sync status (SPEC Y10, W5): the synced builtin skills, the last change, enable toggles for the superadmin. */
export function BuiltinSection() {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const me = useMe();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ADMIN_KEYS.builtin,
    queryFn: () => unwrap(api.GET('/api/admin/builtin')),
  });
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      unwrap(api.PUT('/api/skills/{id}/enabled', { params: { path: { id } }, body: { enabled } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.builtin }),
        queryClient.invalidateQueries({ queryKey: ['skills'] }),
      ]),
  });
  if (status.isPending) return <PageLoader />;
  if (status.isError) return <QueryError error={status.error} onRetry={() => void status.refetch()} />;
  const superadmin = me.data?.user.role === 'superadmin';
  const { lastChange } = status.data;
  const list = (ids: readonly string[]) => (ids.length === 0 ? t('admin.builtin.none') : ids.join(', '));
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('admin.builtin.title')}
      </Title>
      <Text size="sm">{t('admin.builtin.description')}</Text>
      {lastChange === null ? (
        <Text size="sm">{t('admin.builtin.noChange')}</Text>
      ) : (
        <Text size="sm" data-testid="builtin-last-change">
          {t('admin.builtin.lastChange', { at: formatDateTime(lastChange.at, i18n.language) })} —{' '}
          {t('admin.builtin.added')}: {list(lastChange.added)}; {t('admin.builtin.updated')}:{' '}
          {list(lastChange.updated)}; {t('admin.builtin.removed')}: {list(lastChange.removed)}
        </Text>
      )}
      {superadmin ? null : (
        <Text size="sm" c="dimmed">
          {t('admin.builtin.superadminOnly')}
        </Text>
      )}
      {toggle.error ? <ApiErrorMessage error={toggle.error} /> : null}
      <Table.ScrollContainer minWidth={360}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.builtin.id')}</Table.Th>
              <Table.Th>{t('admin.builtin.version')}</Table.Th>
              <Table.Th>{t('admin.builtin.enabled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status.data.skills.map((skill) => (
              <Table.Tr key={skill.id}>
                <Table.Td>
                  <Text size="sm" fw={600} ff="monospace">
                    {skill.id}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {skill.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {declaredVersion(skill.version) ?? (
                    <Text size="sm" c="dimmed">
                      {t('skills.noVersion')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={skill.enabled}
                    disabled={!superadmin || toggle.isPending}
                    onChange={(event) =>
                      toggle.mutate({ id: skill.id, enabled: event.currentTarget.checked })
                    }
                    aria-label={t('admin.builtin.toggle', { id: skill.id })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
