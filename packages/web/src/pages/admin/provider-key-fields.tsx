import { PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KeySource } from './key-source';
import type { ModelProvider } from './model-provider-queries';
import type { KeyMode } from './use-model-provider-form';

/**
 * The provider form's key (write-only): where the current one comes from, and — unless the viewer
 * may not change it — keep, replace with a value or (superadmin only) a server variable, or remove.
 */
export function ProviderKeyFields({
  provider,
  superadmin,
  locked,
  mode,
  onModeChange,
  value,
  onValueChange,
  env,
  onEnvChange,
}: {
  /** The provider edited; null for a new one. */
  readonly provider: ModelProvider | null;
  readonly superadmin: boolean;
  /** Only the superadmin changes an existing provider's key. */
  readonly locked: boolean;
  readonly mode: KeyMode;
  readonly onModeChange: (mode: KeyMode) => void;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly env: string;
  readonly onEnvChange: (env: string) => void;
}) {
  const { t } = useTranslation();
  const modes = [
    ...(provider !== null ? [{ value: 'keep', label: t('providers.keyKeep') }] : []),
    { value: 'value', label: t('providers.keyValue') },
    ...(superadmin ? [{ value: 'env', label: t('providers.keyEnv') }] : []),
    { value: 'none', label: t('providers.keyNone') },
  ];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="provider-key-label">
        {t('providers.key')}
      </Text>
      {provider !== null ? <KeySource apiKey={provider.apiKey} /> : null}
      {locked ? (
        <Text size="xs" c="dimmed">
          {t('providers.superadminOnly')}
        </Text>
      ) : (
        <SegmentedControl
          aria-labelledby="provider-key-label"
          data={modes}
          value={mode}
          onChange={(next) => onModeChange(next as KeyMode)}
        />
      )}
      {mode === 'value' && !locked ? (
        <PasswordInput
          label={t('providers.keyValueLabel')}
          description={t('providers.keyValueHint')}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          autoComplete="off"
        />
      ) : null}
      {mode === 'env' && !locked ? (
        <TextInput
          label={t('providers.keyEnvLabel')}
          description={t('providers.keyEnvHint')}
          value={env}
          onChange={(event) => onEnvChange(event.currentTarget.value)}
          placeholder="OPENAI_API_KEY"
        />
      ) : null}
    </Stack>
  );
}
