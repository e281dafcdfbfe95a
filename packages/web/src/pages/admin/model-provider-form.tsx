import {
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { ApiErrorMessage } from '../../ui/api-error-message';
import { useLabelledPill } from '../../ui/labelled-pill';
import { KeySource } from './key-source';
import { MODEL_PROVIDERS_KEY, type ModelProvider } from './model-provider-queries';

/** Where the key comes from in the form: unchanged (edit only), none, a value to store, a variable. */
type KeyMode = 'keep' | 'none' | 'value' | 'env';

/** What a new provider starts as: an OpenAI-compatible server, the kind most teams run. */
const BLANK = { protocol: 'openai' as const, baseUrl: '', models: [] as string[] };

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
  const { api } = useApi();
  const queryClient = useQueryClient();
  const renderPill = useLabelledPill();
  const editing = provider !== null;
  const [id, setId] = useState(provider?.id ?? '');
  const [protocol, setProtocol] = useState<'openai' | 'anthropic'>(provider?.protocol ?? BLANK.protocol);
  const [baseUrl, setBaseUrl] = useState(provider?.baseUrl ?? BLANK.baseUrl);
  const [models, setModels] = useState<string[]>(provider?.models ?? BLANK.models);
  const [defaultModel, setDefaultModel] = useState<string | null>(provider?.defaultModel ?? null);
  const [fastModel, setFastModel] = useState<string | null>(provider?.fastModel ?? null);
  const [keyMode, setKeyMode] = useState<KeyMode>(editing ? 'keep' : 'value');
  const [keyValue, setKeyValue] = useState('');
  const [keyEnv, setKeyEnv] = useState('');
  const destinationLocked = editing && !superadmin;
  const apiKey = () =>
    keyMode === 'none'
      ? null
      : keyMode === 'value'
        ? { value: keyValue.trim() }
        : keyMode === 'env'
          ? { env: keyEnv.trim() }
          : undefined;
  const save = useMutation({
    mutationFn: async () => {
      const key = apiKey();
      const config = {
        models,
        defaultModel: defaultModel ?? '',
        fastModel: fastModel !== null && models.includes(fastModel) ? fastModel : null,
      };
      if (!editing) {
        return unwrap(
          api.POST('/api/admin/model-providers', {
            body: {
              id: id.trim(),
              protocol,
              baseUrl: baseUrl.trim() === '' ? null : baseUrl.trim(),
              ...config,
              apiKey: key ?? null,
            },
          }),
        );
      }
      const destination = destinationLocked
        ? {}
        : { protocol, baseUrl: baseUrl.trim() === '' ? null : baseUrl.trim() };
      return unwrap(
        api.PATCH('/api/admin/model-providers/{id}', {
          params: { path: { id: provider.id } },
          body: {
            ...destination,
            ...config,
            ...(key === undefined || destinationLocked ? {} : { apiKey: key }),
          },
        }),
      );
    },
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: MODEL_PROVIDERS_KEY });
      onSaved?.(answer.provider);
      onClose();
    },
  });
  const keyIncomplete =
    (keyMode === 'value' && keyValue.trim() === '') || (keyMode === 'env' && keyEnv.trim() === '');
  const incomplete =
    id.trim() === '' || models.length === 0 || defaultModel === null || !models.includes(defaultModel);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!incomplete && !keyIncomplete) save.mutate();
  };
  const keyModes = [
    ...(editing ? [{ value: 'keep', label: t('providers.keyKeep') }] : []),
    { value: 'value', label: t('providers.keyValue') },
    ...(superadmin ? [{ value: 'env', label: t('providers.keyEnv') }] : []),
    { value: 'none', label: t('providers.keyNone') },
  ];
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={editing ? t('providers.editTitle', { id: provider.id }) : t('providers.newTitle')}
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('providers.id')}
            description={editing ? undefined : t('providers.idHint')}
            value={id}
            onChange={(event) => setId(event.currentTarget.value.toLowerCase())}
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
            value={protocol}
            onChange={(value) => value !== null && setProtocol(value as 'openai' | 'anthropic')}
            allowDeselect={false}
            disabled={destinationLocked}
          />
          <TextInput
            label={t('providers.baseUrl')}
            description={t('providers.baseUrlHint')}
            placeholder={protocol === 'openai' ? 'https://api.openai.com/v1' : 'https://api.anthropic.com'}
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.currentTarget.value)}
            disabled={destinationLocked}
          />
          <TagsInput
            label={t('providers.models')}
            description={t('providers.modelsHint')}
            value={models}
            onChange={(value) => {
              setModels(value);
              if (defaultModel === null || !value.includes(defaultModel)) setDefaultModel(value[0] ?? null);
            }}
            splitChars={[',', ' ']}
            renderPill={renderPill}
            required
          />
          <Group grow align="flex-start">
            <Select
              label={t('providers.defaultModel')}
              data={models}
              value={defaultModel}
              onChange={setDefaultModel}
              allowDeselect={false}
              required
            />
            <Select
              label={t('providers.fastModel')}
              description={t('providers.fastModelHint')}
              data={models}
              value={fastModel}
              onChange={setFastModel}
              clearable
              clearButtonProps={{ 'aria-label': t('admin.clear') }}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="provider-key-label">
              {t('providers.key')}
            </Text>
            {editing ? <KeySource apiKey={provider.apiKey} /> : null}
            {destinationLocked ? (
              <Text size="xs" c="dimmed">
                {t('providers.superadminOnly')}
              </Text>
            ) : (
              <SegmentedControl
                aria-labelledby="provider-key-label"
                data={keyModes}
                value={keyMode}
                onChange={(value) => setKeyMode(value as KeyMode)}
              />
            )}
            {keyMode === 'value' && !destinationLocked ? (
              <PasswordInput
                label={t('providers.keyValueLabel')}
                description={t('providers.keyValueHint')}
                value={keyValue}
                onChange={(event) => setKeyValue(event.currentTarget.value)}
                autoComplete="off"
              />
            ) : null}
            {keyMode === 'env' && !destinationLocked ? (
              <TextInput
                label={t('providers.keyEnvLabel')}
                description={t('providers.keyEnvHint')}
                value={keyEnv}
                onChange={(event) => setKeyEnv(event.currentTarget.value)}
                placeholder="OPENAI_API_KEY"
              />
            ) : null}
          </Stack>
          {save.error ? <ApiErrorMessage error={save.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={incomplete || keyIncomplete}>
              {editing ? t('admin.save') : t('admin.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
