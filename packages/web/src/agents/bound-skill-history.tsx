import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillEditorStatus } from '../skills/skill-editor-status';
import { ApiErrorMessage } from '../ui/api-error-message';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { BoundVersionCompare } from './bound-version-compare';
import { BoundVersionDialogs } from './bound-version-dialogs';
import { BoundVersionItem } from './bound-version-item';
import { HistoryConflictDialog } from './history-conflict-dialog';
import { ReleaseControls } from './release-controls';
import { useBoundSkillHistory } from './use-bound-skill-history';

/** Props of {@link BoundSkillHistory}. */
export interface BoundSkillHistoryProps {
  readonly agentId: string;
  /** What the editor holds: a release needs no unsaved edit and sends the saved revision it shows. */
  readonly status: SkillEditorStatus;
  readonly readOnly: boolean;
  /** The content changed under the editor (a restore, or the user reloads after a conflict): reload it. */
  readonly onContentReplaced: () => Promise<void>;
}

/**
 * The history of an agent's bound skill (SPEC Y6, W3): its released versions (name, date, which
 * one is the saved content); "Release" snapshots the saved content and is disabled, with its
 * reason, while the editor has unsaved edits; "Restore" (after a confirmation that unreleased edits
 * are lost) makes a version the content again; "Delete" removes a version. Both release and
 * restore send the editor's base revision, so a save made elsewhere since is a 409 shown in a
 * conflict dialog rather than lost.
 */
export function BoundSkillHistory({ agentId, status, readOnly, onContentReplaced }: BoundSkillHistoryProps) {
  const { t } = useTranslation();
  const history = useBoundSkillHistory(agentId, status, onContentReplaced);
  const { versions, restore, remove } = history;
  const [comparing, setComparing] = useState(false);

  return (
    <Stack gap="sm" data-testid="bound-skill-history">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={3}>{t('agents.history.title')}</Title>
        {readOnly ? null : (
          <ReleaseControls
            dirty={status.dirty}
            note={history.note}
            onNoteChange={history.setNote}
            onRelease={() => history.release.mutate()}
            releasing={history.release.isPending}
          />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('agents.history.hint')}
      </Text>
      {history.releaseError === null ? null : <ApiErrorMessage error={history.releaseError} />}
      {versions.isPending ? (
        <PageLoader />
      ) : versions.isError ? (
        <QueryError error={versions.error} onRetry={() => void versions.refetch()} />
      ) : versions.data.length === 0 ? (
        <Text size="sm">{t('agents.history.empty')}</Text>
      ) : (
        <Stack gap="xs">
          {versions.data.length < 2 ? null : (
            <Group>
              <Button
                size="xs"
                variant={comparing ? 'filled' : 'default'}
                aria-pressed={comparing}
                onClick={() => setComparing(!comparing)}
              >
                {t('agents.compare.toggle')}
              </Button>
            </Group>
          )}
          {comparing && versions.data.length >= 2 ? (
            <BoundVersionCompare agentId={agentId} versions={versions.data} />
          ) : null}
          <Stack
            component="ul"
            gap="xs"
            className="agent-version-list"
            aria-label={t('agents.history.title')}
          >
            {versions.data.map((version) => (
              <BoundVersionItem
                key={version.name}
                version={version}
                readOnly={readOnly}
                onRestore={() => history.askRestore(version)}
                onDelete={() => history.askDelete(version)}
              />
            ))}
          </Stack>
        </Stack>
      )}
      <BoundVersionDialogs
        pending={history.pending}
        onClose={history.cancelPending}
        onRestore={(name) => restore.mutate(name)}
        restore={restore}
        onDelete={(name) => remove.mutate(name)}
        remove={remove}
      />
      {history.conflict === null ? null : (
        <HistoryConflictDialog
          action={history.conflict}
          dirty={status.dirty}
          onClose={history.closeConflict}
          onReload={history.reloadAfterConflict}
        />
      )}
    </Stack>
  );
}
