import { Button, Group, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { ApiErrorMessage } from '../../ui/api-error-message';
import { useLabelledPill } from '../../ui/labelled-pill';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ADMIN_KEYS } from './admin-queries';

/** The remote source policy (SPEC Y9): the exact hosts remote installs may reach. */
export function RemoteSourcesSection() {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ADMIN_KEYS.installSettings,
    queryFn: async () => (await unwrap(api.GET('/api/admin/settings/install'))).settings,
  });
  const [hosts, setHosts] = useState<string[] | null>(null);
  const renderPill = useLabelledPill();
  useEffect(() => {
    if (settings.data && hosts === null) setHosts(settings.data.allowedHosts);
  }, [settings.data, hosts]);
  const save = useMutation({
    mutationFn: (allowedHosts: string[]) =>
      unwrap(api.PUT('/api/admin/settings/install/allowed-hosts', { body: { allowedHosts } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(ADMIN_KEYS.installSettings, answer.settings);
      setHosts(answer.settings.allowedHosts);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
    },
  });
  if (settings.isPending || hosts === null) return <PageLoader />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  const changed = JSON.stringify(hosts) !== JSON.stringify(settings.data.allowedHosts);
  return (
    <Stack maw={640}>
      <Title order={2} size="h3">
        {t('admin.settings.title')}
      </Title>
      <Text size="sm">{t('admin.settings.description')}</Text>
      <form
        aria-label={t('admin.settings.title')}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(hosts);
        }}
      >
        <Stack>
          <TagsInput
            label={t('admin.settings.allowedHosts')}
            description={t('admin.settings.allowedHostsHint')}
            value={hosts}
            onChange={(value) => {
              save.reset();
              setHosts(value);
            }}
            splitChars={[',', ' ']}
            renderPill={renderPill}
            clearable
            clearButtonProps={{ 'aria-label': t('admin.clear') }}
          />
          {hosts.length === 0 ? (
            <Text size="sm" c="orange">
              {t('admin.settings.empty')}
            </Text>
          ) : null}
          {save.error ? <ApiErrorMessage error={save.error} /> : null}
          {save.isSuccess && !changed ? (
            <Text size="sm" c="green" role="status">
              {t('admin.saved')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!changed}
              onClick={() => setHosts(settings.data.allowedHosts)}
            >
              {t('admin.cancel')}
            </Button>
            <Button type="submit" disabled={!changed} loading={save.isPending}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
