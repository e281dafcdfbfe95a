import { Group, Select, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLabelledPill } from '../../ui/labelled-pill';

/** A provider's models: the list it serves, the default one (required) and the optional fast one. */
export function ProviderModelFields({
  models,
  onModelsChange,
  defaultModel,
  onDefaultModelChange,
  fastModel,
  onFastModelChange,
}: {
  readonly models: string[];
  readonly onModelsChange: (models: string[]) => void;
  readonly defaultModel: string | null;
  readonly onDefaultModelChange: (model: string | null) => void;
  readonly fastModel: string | null;
  readonly onFastModelChange: (model: string | null) => void;
}) {
  const { t } = useTranslation();
  const renderPill = useLabelledPill();
  return (
    <>
      <TagsInput
        label={t('providers.models')}
        description={t('providers.modelsHint')}
        value={models}
        onChange={onModelsChange}
        splitChars={[',', ' ']}
        renderPill={renderPill}
        required
      />
      <Group grow align="flex-start">
        <Select
          label={t('providers.defaultModel')}
          data={models}
          value={defaultModel}
          onChange={onDefaultModelChange}
          allowDeselect={false}
          required
        />
        <Select
          label={t('providers.fastModel')}
          description={t('providers.fastModelHint')}
          data={models}
          value={fastModel}
          onChange={onFastModelChange}
          clearable
          clearButtonProps={{ 'aria-label': t('admin.clear') }}
        />
      </Group>
    </>
  );
}
