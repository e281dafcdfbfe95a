import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { RestoreConflictAlert } from './restore-conflict-alert';
import { RevisionDiff } from './revision-diff';
import { shortRevision } from './short-revision';
import { isConflict } from './skill-content-api';
import type { SkillEditorStatus } from './skill-editor-status';
import type { HistoryKind } from './skill-history-api';
import { SkillRevisionItem } from './skill-revision-item';
import { useSkillHistory } from './use-skill-history';

/** Props of {@link SkillHistoryPanel}. */
export interface SkillHistoryPanelProps {
  readonly kind: HistoryKind;
  readonly id: string;
  /** What the editor holds: a restore sends the saved revision it shows. */
  readonly status: SkillEditorStatus;
  readonly readOnly: boolean;
  /** The content changed under the editor (a restore, or a reload after a conflict): reload it. */
  readonly onContentReplaced: () => Promise<void>;
}

/**
 * The history of a shared or personal skill (issue 24 item 3): every saved revision with its author
 * and time, newest first; "Compare" shows a file of that revision beside the current one; "Restore"
 * (after a confirmation that unsaved edits are lost) makes it current again as a new revision. The
 * restore sends the editor's saved revision, so a save made elsewhere since is a 409, shown with a
 * reload instead of being overwritten.
 */
export function SkillHistoryPanel({ kind, id, status, readOnly, onContentReplaced }: SkillHistoryPanelProps) {
  const { t } = useTranslation();
  const state = useSkillHistory(kind, id, status, onContentReplaced);
  const { history, compared, pending, restore } = state;

  return (
    <Stack gap="sm" data-testid="skill-history">
      <Title order={3}>{t('history.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('history.hint')}
      </Text>
      {state.conflict ? (
        <RestoreConflictAlert
          dirty={status.dirty}
          onReload={state.reloadAfterConflict}
          onCancel={state.closeConflict}
        />
      ) : null}
      {history.isPending ? (
        <PageLoader />
      ) : history.isError ? (
        <QueryError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.entries.length === 0 ? (
        <Text size="sm">{t('history.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" className="skill-revision-list" aria-label={t('history.title')}>
          {history.data.entries.map((entry, index) => (
            <SkillRevisionItem
              // biome-ignore lint/suspicious/noArrayIndexKey: a revision may be listed twice (restored); its place tells them apart
              key={`${entry.revision}:${index}`}
              entry={entry}
              current={entry.revision === history.data.revision && index === 0}
              compared={compared === entry.revision}
              readOnly={readOnly}
              onCompare={() => state.toggleCompared(entry.revision)}
              onRestore={() => state.askRestore(entry)}
            />
          ))}
        </Stack>
      )}
      {compared === null ? null : <RevisionDiff kind={kind} id={id} revision={compared} />}
      {pending === null ? null : (
        <ConfirmDialog
          testId="restore-revision-dialog"
          title={t('history.restoreTitle', { revision: shortRevision(pending.revision) })}
          body={t('history.restoreBody', { revision: shortRevision(pending.revision) })}
          confirmLabel={t('history.restoreConfirm')}
          onConfirm={() => restore.mutate(pending.revision)}
          onClose={state.cancelRestore}
          pending={restore.isPending}
          error={restore.error !== null && !isConflict(restore.error) ? restore.error : null}
        />
      )}
    </Stack>
  );
}
