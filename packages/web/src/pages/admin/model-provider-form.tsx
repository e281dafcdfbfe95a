import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../ui/api-error-message';
import type { ModelProvider } from './model-provider-queries';
import { ProviderKeyFields } from './provider-key-fields';
import { ProviderModelFields } from './provider-model-fields';
import { type ProviderProtocol, useModelProviderForm } from './use-model-provider-form';

/**
 * Adds or changes a model provider (SPEC Y18, O4). The key is write-only: the form says where the
 * current one comes from ("stored", "from env VAR") and offers to keep, replace or remove it. Only
 * the superadmin changes where requests go (protocol, base URL) or the key of an existing provider,
 * and only the superadmin names a server variable (SEC9): for admins those fields are read-only.
 */
export function ModelProviderForm({
  provider,
  superadmin,
  onClose,
  onSaved,
}: {
  provider: ModelProvider | null;
  superadmin: boolean;
  onClose: () => void;
  onSaved?: (provider: ModelProvider) => void;
}) {
  const { t } = useTranslation();
  const form = useModelProviderForm({ provider, superadmin, onClose, onSaved });
  const { editing, destinationLocked } = form;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={provider !== null ? t('providers.editTitle', { id: provider.id }) : t('providers.newTitle')}
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <TextInput
            label={t('providers.id')}
            description={editing ? undefined : t('providers.idHint')}
            value={form.id}
            onChange={(event) => form.setId(event.currentTarget.value.toLowerCase())}
            disabled={editing}
            required
            data-autofocus
          />
          <Select
            label={t('providers.protocol')}
            data={[
              { value: 'openai', label: t('providers.openai') },
              { value: 'anthropic', label: t('providers.anthropic') },
            ]}
            value={form.protocol}
            onChange={(value) => value !== null && form.setProtocol(value as ProviderProtocol)}
            allowDeselect={false}
            disabled={destinationLocked}
          />
          <TextInput
            label={t('providers.baseUrl')}
            description={t('providers.baseUrlHint')}
            placeholder={
              form.protocol === 'openai' ? 'https://api.openai.com/v1' : 'https://api.anthropic.com'
            }
            value={form.baseUrl}
            onChange={(event) => form.setBaseUrl(event.currentTarget.value)}
            disabled={destinationLocked}
          />
          <ProviderModelFields
            models={form.models}
            onModelsChange={form.changeModels}
            defaultModel={form.defaultModel}
            onDefaultModelChange={form.setDefaultModel}
            fastModel={form.fastModel}
            onFastModelChange={form.setFastModel}
          />
          <ProviderKeyFields
            provider={provider}
            superadmin={superadmin}
            locked={destinationLocked}
            mode={form.keyMode}
            onModeChange={form.setKeyMode}
            value={form.keyValue}
            onValueChange={form.setKeyValue}
            env={form.keyEnv}
            onEnvChange={form.setKeyEnv}
          />
          {form.save.error ? <ApiErrorMessage error={form.save.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={form.save.isPending} disabled={form.incomplete}>
              {editing ? t('admin.save') : t('admin.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
