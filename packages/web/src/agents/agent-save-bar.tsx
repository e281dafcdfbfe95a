import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The agent form's save button and, beside it, whether its edits are unsaved, saved or up to date. */
export function AgentSaveBar({
  canSave,
  saving,
  dirty,
  saved,
}: {
  readonly canSave: boolean;
  readonly saving: boolean;
  readonly dirty: boolean;
  /** The last save succeeded and nothing changed since. */
  readonly saved: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type="submit" disabled={!canSave} loading={saving}>
        {t('agents.form.save')}
      </Button>
      <Text size="sm" c={dirty ? 'orange' : 'dimmed'} aria-live="polite" data-testid="agent-save-state">
        {dirty ? t('agents.form.unsaved') : saved ? t('agents.form.saved') : t('agents.form.upToDate')}
      </Text>
    </Group>
  );
}
