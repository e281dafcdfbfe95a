import { NumberInput, Radio, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import type { components } from '../../api/generated/openapi';
import { useLabelledPill } from '../../ui/labelled-pill';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { SettingsForm } from './settings-form';
import { useSetting } from './use-setting';

type RunLimits = components['schemas']['RunLimitSettings'];
type Discovery = { anonymous: 'none' | 'global' };

/** The web fetch tool's allowed hosts (`/api/admin/settings/web-fetch`, SPEC Y17). */
export function WebFetchSettings() {
  const { t } = useTranslation();
  const { api } = useApi();
  const renderPill = useLabelledPill();
  const setting = useSetting<string[]>({
    queryKey: ['admin', 'settings', 'web-fetch'],
    load: async () => (await unwrap(api.GET('/api/admin/settings/web-fetch'))).settings.allowedHosts,
    store: async (allowedHosts) =>
      (await unwrap(api.PUT('/api/admin/settings/web-fetch', { body: { allowedHosts } }))).settings
        .allowedHosts,
  });
  if (setting.server.isError)
    return <QueryError error={setting.server.error} onRetry={() => void setting.server.refetch()} />;
  if (setting.draft === undefined) return <PageLoader />;
  return (
    <SettingsForm
      title={t('adminSettings.webFetch.title')}
      description={t('adminSettings.webFetch.description')}
      changed={setting.changed}
      saving={setting.save.isPending}
      saved={setting.save.isSuccess}
      error={setting.save.error}
      onSave={() => setting.save.mutate(setting.draft ?? [])}
      onCancel={setting.cancel}
      testId="settings-web-fetch"
    >
      <TagsInput
        label={t('adminSettings.webFetch.hosts')}
        description={t('admin.settings.allowedHostsHint')}
        value={setting.draft}
        onChange={setting.edit}
        splitChars={[',', ' ']}
        renderPill={renderPill}
        clearable
        clearButtonProps={{ 'aria-label': t('admin.clear') }}
      />
    </SettingsForm>
  );
}

/** The skills directory search's base URL (`PUT /api/admin/settings/install/skills-directory`); empty turns it off. */
export function SkillsDirectorySettings() {
  const { t } = useTranslation();
  const { api } = useApi();
  const setting = useSetting<string>({
    queryKey: ['admin', 'settings', 'skills-directory'],
    load: async () =>
      (await unwrap(api.GET('/api/admin/settings/install'))).settings.skillsDirectoryUrl ?? '',
    store: async (url) =>
      (
        await unwrap(
          api.PUT('/api/admin/settings/install/skills-directory', {
            body: { baseUrl: url.trim() === '' ? null : url.trim() },
          }),
        )
      ).settings.skillsDirectoryUrl ?? '',
  });
  if (setting.server.isError)
    return <QueryError error={setting.server.error} onRetry={() => void setting.server.refetch()} />;
  if (setting.draft === undefined) return <PageLoader />;
  return (
    <SettingsForm
      title={t('adminSettings.directory.title')}
      description={t('adminSettings.directory.description')}
      changed={setting.changed}
      saving={setting.save.isPending}
      saved={setting.save.isSuccess}
      error={setting.save.error}
      onSave={() => setting.save.mutate(setting.draft ?? '')}
      onCancel={setting.cancel}
      testId="settings-directory"
    >
      <TextInput
        label={t('adminSettings.directory.url')}
        placeholder="https://skills.sh"
        value={setting.draft}
        onChange={(event) => setting.edit(event.currentTarget.value)}
        maxLength={2048}
      />
    </SettingsForm>
  );
}

/** What the discovery endpoints show a caller without a token (`/api/admin/discovery`, superadmin). */
export function DiscoverySettings({ superadmin }: { superadmin: boolean }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const setting = useSetting<Discovery>({
    queryKey: ['admin', 'discovery'],
    load: async () => (await unwrap(api.GET('/api/admin/discovery'))).discovery,
    store: async (discovery) =>
      (await unwrap(api.PUT('/api/admin/discovery', { body: discovery }))).discovery,
  });
  if (!superadmin) return null;
  if (setting.server.isError)
    return <QueryError error={setting.server.error} onRetry={() => void setting.server.refetch()} />;
  if (setting.draft === undefined) return <PageLoader />;
  return (
    <SettingsForm
      title={t('adminSettings.discovery.title')}
      description={t('adminSettings.discovery.description')}
      changed={setting.changed}
      saving={setting.save.isPending}
      saved={setting.save.isSuccess}
      error={setting.save.error}
      onSave={() => setting.draft && setting.save.mutate(setting.draft)}
      onCancel={setting.cancel}
      testId="settings-discovery"
    >
      <Radio.Group
        label={t('adminSettings.discovery.anonymous')}
        value={setting.draft.anonymous}
        onChange={(value) => setting.edit({ anonymous: value === 'global' ? 'global' : 'none' })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="none" label={t('adminSettings.discovery.none')} />
          <Radio value="global" label={t('adminSettings.discovery.global')} />
        </Stack>
      </Radio.Group>
    </SettingsForm>
  );
}

/** Run limits (`/api/admin/settings/runs`, SPEC O2): defaults of every run and runs per user at once. */
export function RunLimitSettings() {
  const { t } = useTranslation();
  const { api } = useApi();
  const setting = useSetting<RunLimits>({
    queryKey: ['admin', 'settings', 'runs'],
    load: async () => (await unwrap(api.GET('/api/admin/settings/runs'))).settings,
    store: async (settings) =>
      (await unwrap(api.PUT('/api/admin/settings/runs', { body: settings }))).settings,
  });
  if (setting.server.isError)
    return <QueryError error={setting.server.error} onRetry={() => void setting.server.refetch()} />;
  const draft = setting.draft;
  if (draft === undefined) return <PageLoader />;
  const number = (field: keyof RunLimits) => (value: string | number) =>
    setting.edit({ ...draft, [field]: typeof value === 'number' ? value : Number.NaN });
  return (
    <SettingsForm
      title={t('adminSettings.runs.title')}
      description={t('adminSettings.runs.description')}
      changed={setting.changed}
      saving={setting.save.isPending}
      saved={setting.save.isSuccess}
      error={setting.save.error}
      onSave={() => setting.save.mutate(draft)}
      onCancel={setting.cancel}
      testId="settings-runs"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          hideControls
          label={t('adminSettings.runs.timeLimit')}
          value={draft.timeLimitSeconds}
          onChange={number('timeLimitSeconds')}
          min={0.1}
          max={86_400}
          decimalScale={1}
        />
        <NumberInput
          hideControls
          label={t('adminSettings.runs.maxTurns')}
          value={draft.maxTurns}
          onChange={number('maxTurns')}
          min={1}
          max={1000}
          allowDecimal={false}
        />
        <NumberInput
          hideControls
          label={t('adminSettings.runs.perUser')}
          value={draft.maxConcurrentRunsPerUser}
          onChange={number('maxConcurrentRunsPerUser')}
          min={1}
          max={100}
          allowDecimal={false}
        />
      </SimpleGrid>
    </SettingsForm>
  );
}
