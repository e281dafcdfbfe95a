import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A release or restore refused with 409 `revision_conflict`: the bound skill was saved (or
 * restored) elsewhere after the editor loaded it, so nothing happened. Like the editor's conflict
 * dialog it changes nothing by itself: reloading (which drops unsaved edits, and says so) is the
 * user's choice.
 */
export function HistoryConflictDialog({
  action,
  dirty,
  onReload,
  onClose,
}: {
  readonly action: 'release' | 'restore';
  readonly dirty: boolean;
  readonly onReload: () => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('agents.history.conflictTitle')}
      data-testid="history-conflict-dialog"
    >
      <Text size="sm">{t(`agents.history.conflictBody.${action}`)}</Text>
      {dirty ? (
        <Text size="sm" c="red" mt="xs">
          {t('agents.history.conflictDrops')}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onReload}>{t('agents.history.reload')}</Button>
      </Group>
    </Modal>
  );
}
