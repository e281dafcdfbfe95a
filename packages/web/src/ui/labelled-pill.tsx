import { type ComboboxRenderPillInput, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * `renderPill` for MultiSelect and TagsInput whose remove button says what it removes (SPEC W6:
 * Mantine's own pill button has no label).
 */
export function useLabelledPill() {
  const { t } = useTranslation();
  return ({ option, value, onRemove, disabled }: ComboboxRenderPillInput<string>) => {
    const label = option?.label ?? String(value ?? '');
    return (
      <Pill
        withRemoveButton={!disabled}
        onRemove={onRemove}
        disabled={disabled}
        removeButtonProps={{ 'aria-label': t('admin.removeItem', { label }) }}
      >
        {label}
      </Pill>
    );
  };
}
