import { useTranslation } from 'react-i18next';
import { isConflict } from '../skills/skill-content-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import type { PendingVersionAction } from './use-bound-skill-history';

/**
 * The confirmation of a version's restore (which drops unreleased edits) or delete, with the
 * request's failure in the dialog — except a restore's conflict, which has a dialog of its own.
 */
export function BoundVersionDialogs({
  pending,
  onClose,
  onRestore,
  restore,
  onDelete,
  remove,
}: {
  readonly pending: PendingVersionAction | null;
  readonly onClose: () => void;
  readonly onRestore: (name: string) => void;
  readonly restore: { readonly isPending: boolean; readonly error: Error | null };
  readonly onDelete: (name: string) => void;
  readonly remove: { readonly isPending: boolean; readonly error: Error | null };
}) {
  const { t } = useTranslation();
  return (
    <>
      {pending?.type === 'restore' ? (
        <ConfirmDialog
          testId="restore-dialog"
          title={t('agents.history.restoreTitle', { name: pending.version.name })}
          body={t('agents.history.restoreBody', { name: pending.version.name })}
          confirmLabel={t('agents.history.restoreConfirm')}
          onConfirm={() => onRestore(pending.version.name)}
          onClose={onClose}
          pending={restore.isPending}
          error={restore.error !== null && !isConflict(restore.error) ? restore.error : null}
        />
      ) : null}
      {pending?.type === 'delete' ? (
        <ConfirmDialog
          testId="delete-version-dialog"
          title={t('agents.history.deleteTitle', { name: pending.version.name })}
          body={t('agents.history.deleteBody', { name: pending.version.name })}
          confirmLabel={t('agents.history.deleteConfirm')}
          onConfirm={() => onDelete(pending.version.name)}
          onClose={onClose}
          pending={remove.isPending}
          error={remove.error}
        />
      ) : null}
    </>
  );
}
