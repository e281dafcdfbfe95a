import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import type { components } from '../../api/generated/openapi';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDateTime } from '../../ui/format-date-time';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ADMIN_KEYS } from './admin-queries';

type AdminRun = components['schemas']['AdminRun'];
type StatusFilter = 'all' | 'running' | 'waiting_approval' | 'queued';

/** Runs on one page of the table. */
export const RUNS_PAGE_SIZE = 50;
/** How often the table reads the queue again while it is open. */
const REFRESH_MS = 5000;

const STATUS_COLOURS: Record<string, string> = {
  running: 'blue',
  waiting_approval: 'yellow',
  queued: 'gray',
};

/**
 * Admin → Runs (issue 25): every user's running, waiting and queued runs — who, which agent,
 * when queued and started, the queue position, the worker — read again every few seconds, paged;
 * an admin cancels any of them after a confirmation (audited by the server).
 */
export function RunsSection() {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [offset, setOffset] = useState(0);
  const [confirming, setConfirming] = useState<AdminRun | undefined>();
  const runs = useQuery({
    queryKey: [...ADMIN_KEYS.runs, status, offset],
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/runs', {
          params: {
            query: { limit: RUNS_PAGE_SIZE, offset, ...(status === 'all' ? {} : { status }) },
          },
        }),
      ),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/admin/runs/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => setConfirming(undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.runs }),
  });
  const total = runs.data?.total ?? 0;
  const shown = runs.data?.runs.length ?? 0;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('admin.runs.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.runs.intro')}
          </Text>
        </Stack>
        <Group align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="admin-runs-filter">
              {t('admin.runs.filter')}
            </Text>
            <SegmentedControl
              aria-labelledby="admin-runs-filter"
              data={[
                { value: 'all', label: t('admin.runs.all') },
                { value: 'running', label: t('admin.runs.status.running') },
                { value: 'waiting_approval', label: t('admin.runs.status.waiting_approval') },
                { value: 'queued', label: t('admin.runs.status.queued') },
              ]}
              value={status}
              onChange={(value) => {
                setStatus(value as StatusFilter);
                setOffset(0);
              }}
            />
          </Stack>
          <Button variant="default" onClick={() => void runs.refetch()} loading={runs.isFetching}>
            {t('admin.runs.refresh')}
          </Button>
        </Group>
      </Group>
      {runs.isPending ? (
        <PageLoader />
      ) : runs.isError ? (
        <QueryError error={runs.error} onRetry={() => void runs.refetch()} />
      ) : shown === 0 ? (
        <Text data-testid="admin-runs-empty">{t('admin.runs.empty')}</Text>
      ) : (
        <RunTable runs={runs.data.runs} onCancel={setConfirming} />
      )}
      {total > RUNS_PAGE_SIZE ? (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" aria-live="polite">
            {t('admin.runs.page', { from: offset + 1, to: offset + shown, total })}
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - RUNS_PAGE_SIZE))}
          >
            {t('admin.runs.previous')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={offset + RUNS_PAGE_SIZE >= total}
            onClick={() => setOffset(offset + RUNS_PAGE_SIZE)}
          >
            {t('admin.runs.next')}
          </Button>
        </Group>
      ) : null}
      {confirming === undefined ? null : (
        <ConfirmDialog
          title={t('admin.runs.confirmTitle')}
          body={t('admin.runs.confirmBody', {
            user: confirming.user.username,
            agent: confirming.agent.name,
          })}
          confirmLabel={t('admin.runs.confirm')}
          onConfirm={() => cancel.mutate(confirming.id)}
          onClose={() => {
            setConfirming(undefined);
            cancel.reset();
          }}
          pending={cancel.isPending}
          error={cancel.error}
          testId="admin-run-cancel-dialog"
        />
      )}
    </Stack>
  );
}

function RunTable({
  runs,
  onCancel,
}: {
  readonly runs: readonly AdminRun[];
  readonly onCancel: (run: AdminRun) => void;
}) {
  const { t, i18n } = useTranslation();
  const none = t('admin.runs.none');
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped data-testid="admin-runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.runs.user')}</Table.Th>
            <Table.Th>{t('admin.runs.agent')}</Table.Th>
            <Table.Th>{t('admin.runs.state')}</Table.Th>
            <Table.Th>{t('admin.runs.queuedAt')}</Table.Th>
            <Table.Th>{t('admin.runs.startedAt')}</Table.Th>
            <Table.Th>{t('admin.runs.position')}</Table.Th>
            <Table.Th>{t('admin.runs.worker')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('admin.runs.cancel')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id} data-testid="admin-run" data-run={run.id} data-status={run.status}>
              <Table.Td ff="monospace">{run.user.username}</Table.Td>
              <Table.Td>{run.agent.name}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge
                    color={STATUS_COLOURS[run.status] ?? 'gray'}
                    variant="light"
                    style={{ minWidth: 'max-content', textTransform: 'none' }}
                  >
                    {t(`admin.runs.status.${run.status}`)}
                  </Badge>
                  {run.cancelRequested ? (
                    <Badge
                      color="red"
                      variant="outline"
                      style={{ minWidth: 'max-content', textTransform: 'none' }}
                    >
                      {t('admin.runs.cancelRequested')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(run.queuedAt, i18n.language)}</Table.Td>
              <Table.Td>
                {run.startedAt === null ? none : formatDateTime(run.startedAt, i18n.language)}
              </Table.Td>
              <Table.Td>
                {run.position === null ? (
                  none
                ) : (
                  <Stack gap={0}>
                    <Text size="sm">{run.position}</Text>
                    {run.queue === null ? null : (
                      <Text size="xs" c="dimmed">
                        {t('admin.runs.ahead', { count: run.queue.runsAhead })}
                      </Text>
                    )}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {run.workerId ?? none}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => onCancel(run)}
                  aria-label={t('admin.runs.cancelLabel', { user: run.user.username, agent: run.agent.name })}
                >
                  {t('admin.runs.cancel')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
