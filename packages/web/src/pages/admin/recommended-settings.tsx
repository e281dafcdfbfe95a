import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import type { components } from '../../api/generated/openapi';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { SettingsForm } from './settings-form';
import { useSetting } from './use-setting';

type Recommended = components['schemas']['RecommendedSkill'];

const EMPTY: Recommended = { id: '', name: '', description: '', source: '' };

/** The recommended skills offered in Install skills (`PUT /api/admin/settings/install/recommended`). */
export function RecommendedSettings() {
  const { t } = useTranslation();
  const { api } = useApi();
  const setting = useSetting<Recommended[]>({
    queryKey: ['admin', 'settings', 'recommended'],
    load: async () => (await unwrap(api.GET('/api/admin/settings/install'))).settings.recommended,
    store: async (skills) =>
      (await unwrap(api.PUT('/api/admin/settings/install/recommended', { body: { skills } }))).settings
        .recommended,
  });
  if (setting.server.isError)
    return <QueryError error={setting.server.error} onRetry={() => void setting.server.refetch()} />;
  const list = setting.draft;
  if (list === undefined) return <PageLoader />;
  const change = (index: number, field: keyof Recommended, value: string) =>
    setting.edit(list.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)));
  return (
    <SettingsForm
      title={t('adminSettings.recommended.title')}
      description={t('adminSettings.recommended.description')}
      changed={setting.changed}
      saving={setting.save.isPending}
      saved={setting.save.isSuccess}
      error={setting.save.error}
      onSave={() => setting.save.mutate(list)}
      onCancel={setting.cancel}
      testId="settings-recommended"
    >
      {list.length === 0 ? <Text size="sm">{t('adminSettings.recommended.empty')}</Text> : null}
      {list.map((entry, index) => (
        <Stack
          // biome-ignore lint/suspicious/noArrayIndexKey: a row has no stable id while typed; its position is its identity.
          key={index}
          gap="xs"
          pb="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('adminSettings.recommended.id')}
              value={entry.id}
              onChange={(event) => change(index, 'id', event.currentTarget.value)}
              maxLength={64}
              w={200}
            />
            <TextInput
              label={t('adminSettings.recommended.name')}
              value={entry.name}
              onChange={(event) => change(index, 'name', event.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 200px' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('adminSettings.recommended.remove', { id: entry.id || index + 1 })}
              onClick={() => setting.edit(list.filter((_, at) => at !== index))}
            >
              ×
            </ActionIcon>
          </Group>
          <TextInput
            label={t('adminSettings.recommended.source')}
            description={t('adminSettings.recommended.sourceHint')}
            value={entry.source}
            onChange={(event) => change(index, 'source', event.currentTarget.value)}
            maxLength={2048}
          />
          <Textarea
            label={t('adminSettings.recommended.skillDescription')}
            value={entry.description}
            onChange={(event) => change(index, 'description', event.currentTarget.value)}
            maxLength={1024}
            rows={2}
          />
        </Stack>
      ))}
      <Group>
        <Button variant="light" onClick={() => setting.edit([...list, EMPTY])} disabled={list.length >= 200}>
          {t('adminSettings.recommended.add')}
        </Button>
      </Group>
    </SettingsForm>
  );
}
