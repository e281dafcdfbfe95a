import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { ApiErrorMessage } from '../../ui/api-error-message';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { KeySource } from './key-source';
import { ModelProviderForm } from './model-provider-form';
import { MODEL_PROVIDERS_KEY, type ModelProvider, useModelProviders } from './model-provider-queries';
import { TestConnection } from './test-connection';

/**
 * The configured model providers (SPEC Y18, O4): each with where its requests go, its models, where
 * its key comes from and a Test connection button; add, change and remove. Used by the admin page
 * and by the first-run checklist (`onTested` tells it a test passed).
 */
export function ModelProvidersList({
  superadmin,
  onTested,
}: {
  superadmin: boolean;
  onTested?: (providerId: string) => void;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const providers = useModelProviders();
  const [editing, setEditing] = useState<ModelProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ModelProvider | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/admin/model-providers/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: MODEL_PROVIDERS_KEY });
    },
  });
  if (providers.isPending) return <PageLoader />;
  if (providers.isError)
    return <QueryError error={providers.error} onRetry={() => void providers.refetch()} />;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" maw={640}>
          {t('providers.description')}
        </Text>
        <Button onClick={() => setEditing('new')}>{t('providers.add')}</Button>
      </Group>
      {providers.data.length === 0 ? (
        <Alert color="yellow" role="status">
          {t('providers.empty')}
        </Alert>
      ) : null}
      {providers.data.map((provider, index) => (
        <Paper key={provider.id} withBorder p="md" data-testid={`provider-${provider.id}`}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Title order={3} size="h4">
                  {provider.id}
                </Title>
                <Badge variant="outline" tt="none">
                  {provider.protocol === 'openai' ? t('providers.openai') : t('providers.anthropic')}
                </Badge>
                {index === 0 ? (
                  <Badge variant="light" tt="none">
                    {t('providers.first')}
                  </Badge>
                ) : null}
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setEditing(provider)}
                  aria-label={`${t('admin.edit')} ${provider.id}`}
                >
                  {t('admin.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(provider)}
                  aria-label={`${t('admin.delete')} ${provider.id}`}
                >
                  {t('admin.delete')}
                </Button>
              </Group>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('providers.baseUrl')}: <code>{provider.baseUrl ?? t('providers.defaultUrl')}</code>
            </Text>
            <Text size="sm">
              {t('providers.modelsLine', {
                models: provider.models.join(', '),
                model: provider.defaultModel,
              })}
              {provider.fastModel === null
                ? ''
                : ` · ${t('providers.fastLine', { model: provider.fastModel })}`}
            </Text>
            <Group gap="xs">
              <Text size="sm">{t('providers.key')}:</Text>
              <KeySource apiKey={provider.apiKey} />
            </Group>
            <TestConnection providerId={provider.id} onSuccess={() => onTested?.(provider.id)} />
          </Stack>
        </Paper>
      ))}
      {editing !== null ? (
        <ModelProviderForm
          provider={editing === 'new' ? null : editing}
          superadmin={superadmin}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Modal
        closeButtonProps={{ 'aria-label': t('admin.close') }}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('providers.deleteTitle', { id: deleting?.id ?? '' })}
      >
        <Stack>
          <Text size="sm">{t('providers.deleteBody')}</Text>
          {remove.error ? <ApiErrorMessage error={remove.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('admin.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id)}
            >
              {t('admin.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
