import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A restore refused because the skill was saved elsewhere since the editor loaded it (409): nothing
 * changed; reloading (which drops unsaved edits, and says so) is the user's choice.
 */
export function RestoreConflictAlert({
  dirty,
  onReload,
  onCancel,
}: {
  /** The editor has unsaved edits, which a reload drops. */
  readonly dirty: boolean;
  readonly onReload: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert" title={t('history.conflictTitle')} data-testid="history-conflict">
      <Text size="sm">{t('history.conflictBody')}</Text>
      {dirty ? (
        <Text size="sm" c="red" mt="xs">
          {t('history.conflictDrops')}
        </Text>
      ) : null}
      <Group mt="sm" gap="xs">
        <Button size="xs" onClick={onReload}>
          {t('history.reload')}
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Alert>
  );
}
