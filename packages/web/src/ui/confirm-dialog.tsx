import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from './api-error-message';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly title: string;
  readonly body: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
  readonly pending?: boolean;
  /** The server's refusal of the confirmed action, shown in the dialog. */
  readonly error?: Error | null;
  /** A heading over that refusal (what it means), when there is one. */
  readonly errorTitle?: string;
  readonly testId?: string;
}

/** Asks before a destructive action (deleting a skill, an agent or a version, restoring over unreleased edits). */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  error = null,
  errorTitle,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} data-testid={testId}>
      <Text>{body}</Text>
      {error === null ? null : <ApiErrorMessage error={error} mt="md" title={errorTitle} />}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
