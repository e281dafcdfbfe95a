import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { MODEL_PROVIDERS_KEY, type ModelProvider } from './model-provider-queries';

/** Where the key comes from in the form: unchanged (edit only), none, a value to store, a variable. */
export type KeyMode = 'keep' | 'none' | 'value' | 'env';

/** A provider's protocol. */
export type ProviderProtocol = 'openai' | 'anthropic';

/** What a new provider starts as: an OpenAI-compatible server, the kind most teams run. */
const BLANK = { protocol: 'openai' as const, baseUrl: '', models: [] as string[] };

/**
 * The state of the model provider form (SPEC Y18, O4): its fields, whether they are complete, and
 * the save — a POST for a new provider, else a PATCH that leaves out what the viewer may not change
 * (an admin's destination and key: `destinationLocked`) and an unchanged key.
 */
export function useModelProviderForm({
  provider,
  superadmin,
  onClose,
  onSaved,
}: {
  readonly provider: ModelProvider | null;
  readonly superadmin: boolean;
  readonly onClose: () => void;
  readonly onSaved?: ((provider: ModelProvider) => void) | undefined;
}) {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const editing = provider !== null;
  const [id, setId] = useState(provider?.id ?? '');
  const [protocol, setProtocol] = useState<ProviderProtocol>(provider?.protocol ?? BLANK.protocol);
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

  return {
    editing,
    destinationLocked,
    id,
    setId,
    protocol,
    setProtocol,
    baseUrl,
    setBaseUrl,
    models,
    /** Sets the models; a default model no longer among them becomes the first. */
    changeModels: (value: string[]) => {
      setModels(value);
      if (defaultModel === null || !value.includes(defaultModel)) setDefaultModel(value[0] ?? null);
    },
    defaultModel,
    setDefaultModel,
    fastModel,
    setFastModel,
    keyMode,
    setKeyMode,
    keyValue,
    setKeyValue,
    keyEnv,
    setKeyEnv,
    save,
    /** A field the save needs is missing (the key's value or variable included). */
    incomplete: incomplete || keyIncomplete,
    submit: (event: FormEvent) => {
      event.preventDefault();
      if (!incomplete && !keyIncomplete) save.mutate();
    },
  };
}
