import { Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { formatDateTime } from '../../ui/format-date-time';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ADMIN_KEYS, useDepartments, useUsers } from './admin-queries';
import { AuditDetails, auditTargetName } from './audit-changes';
import { AuditTargetPicker } from './audit-target-picker';

/** The filters `GET /api/admin/audit` takes, as the form holds them. */
interface AuditFilters {
  readonly action: string;
  readonly actorId: string;
  readonly targetType: string;
  readonly targetId: string;
  /** `datetime-local` values (local time), turned into instants when sent. */
  readonly since: string;
  readonly until: string;
}

const NO_FILTERS: AuditFilters = {
  action: '',
  actorId: '',
  targetType: '',
  targetId: '',
  since: '',
  until: '',
};
const PAGE_SIZE = 50;

/** The query the API takes for `filters`: empty fields left out, local times as ISO instants. */
export function auditQuery(filters: AuditFilters) {
  const instant = (value: string) => {
    const date = new Date(value);
    return value === '' || Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  };
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const query = {
    action: text(filters.action),
    actorId: text(filters.actorId),
    targetType: text(filters.targetType),
    targetId: text(filters.targetId),
    since: instant(filters.since),
    until: instant(filters.until),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Partial<
    Record<keyof typeof query, string>
  >;
}

/**
 * The audit log (SPEC Y14, W5): who did what, when, newest first, with filters and paging; the
 * target is picked by name (a user, skill or agent), or any other kind by its type alone.
 */
export function AuditSection() {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const users = useUsers();
  const departments = useDepartments();
  const names = {
    users: new Map((users.data ?? []).map((user) => [user.id, user.username])),
    departments: new Map((departments.data ?? []).map((department) => [department.id, department.name])),
  };
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const entries = useInfiniteQuery({
    queryKey: [...ADMIN_KEYS.audit, auditQuery(filters)],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/admin/audit', {
          params: {
            query: {
              ...auditQuery(filters),
              limit: PAGE_SIZE,
              ...(pageParam === undefined ? {} : { before: pageParam }),
            },
          },
        }),
      ),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.currentTarget.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Stack>
      <form onSubmit={submit} aria-label={t('admin.audit.filters')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput label={t('admin.audit.action')} placeholder="settings.changed" {...field('action')} />
            <Select
              label={t('admin.audit.actor')}
              placeholder={t('admin.audit.anyActor')}
              data={(users.data ?? []).map((user) => ({ value: user.id, label: user.username }))}
              value={draft.actorId === '' ? null : draft.actorId}
              onChange={(value) => setDraft((current) => ({ ...current, actorId: value ?? '' }))}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('admin.clear') }}
            />
            <AuditTargetPicker
              targetType={draft.targetType}
              targetId={draft.targetId}
              onChange={(target) => setDraft((current) => ({ ...current, ...target }))}
            />
            <TextInput label={t('admin.audit.targetType')} placeholder="user" {...field('targetType')} />
            <TextInput label={t('admin.audit.since')} type="datetime-local" {...field('since')} />
            <TextInput label={t('admin.audit.until')} type="datetime-local" {...field('until')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            >
              {t('admin.audit.reset')}
            </Button>
            <Button type="submit">{t('admin.audit.apply')}</Button>
          </Group>
        </Stack>
      </form>
      {entries.isPending ? (
        <PageLoader />
      ) : entries.isError ? (
        <QueryError error={entries.error} onRetry={() => void entries.refetch()} />
      ) : rows.length === 0 ? (
        <Text>{t('admin.audit.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.audit.at')}</Table.Th>
                  <Table.Th>{t('admin.audit.actor')}</Table.Th>
                  <Table.Th>{t('admin.audit.action')}</Table.Th>
                  <Table.Th>{t('admin.audit.target')}</Table.Th>
                  <Table.Th>{t('admin.audit.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.at, i18n.language)}
                    </Table.Td>
                    <Table.Td ff="monospace">{entry.actorName ?? t('admin.audit.system')}</Table.Td>
                    <Table.Td ff="monospace">{entry.action}</Table.Td>
                    <Table.Td
                      ff="monospace"
                      style={{ overflowWrap: 'anywhere' }}
                      title={entry.targetId ?? undefined}
                    >
                      {auditTargetName(entry, names)}
                    </Table.Td>
                    <Table.Td>
                      <AuditDetails details={entry.details} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {entries.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="light"
                onClick={() => void entries.fetchNextPage()}
                loading={entries.isFetchingNextPage}
              >
                {t('admin.audit.more')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
