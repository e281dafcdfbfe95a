import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { isConflict } from '../skills/skill-content-api';
import type { SkillEditorStatus } from '../skills/skill-editor';
import { ApiErrorMessage } from '../ui/api-error-message';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatDateTime } from '../ui/format-date-time';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { type BoundSkillVersion, boundSkillKey, useBoundSkillVersions } from './agent-queries';
import { BoundVersionCompare } from './bound-version-compare';
import { HistoryConflictDialog } from './history-conflict-dialog';

/** Props of {@link BoundSkillHistory}. */
export interface BoundSkillHistoryProps {
  readonly agentId: string;
  /** What the editor holds: a release needs no unsaved edit and sends the saved revision it shows. */
  readonly status: SkillEditorStatus;
  readonly readOnly: boolean;
  /** The content changed under the editor (a restore, or the user reloads after a conflict): reload it. */
  readonly onContentReplaced: () => Promise<void>;
}

type Pending =
  | { readonly type: 'restore'; readonly version: BoundSkillVersion }
  | { readonly type: 'delete'; readonly version: BoundSkillVersion };

/**
 * The history of an agent's bound skill (SPEC Y6, W3): its released versions (name, date, which
 * one is the saved content); "Release" snapshots the saved content and is disabled, with its
 * reason, while the editor has unsaved edits; "Restore" (after a confirmation that unreleased edits
 * are lost) makes a version the content again; "Delete" removes a version. Both release and
 * restore send the editor's base revision, so a save made elsewhere since is a 409 shown in a
 * conflict dialog rather than lost.
 */
export function BoundSkillHistory({ agentId, status, readOnly, onContentReplaced }: BoundSkillHistoryProps) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const versions = useBoundSkillVersions(agentId, true);
  const [pending, setPending] = useState<Pending | null>(null);
  const [conflict, setConflict] = useState<'release' | 'restore' | null>(null);
  const [note, setNote] = useState('');
  const [comparing, setComparing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: boundSkillKey(agentId) });
  // A save moves the saved revision: which version is "current" may change with it.
  const savedRevision = status.baseRevision;
  useEffect(() => {
    if (savedRevision !== '')
      void queryClient.invalidateQueries({ queryKey: [...boundSkillKey(agentId), 'versions'] });
  }, [queryClient, agentId, savedRevision]);
  const onError = (action: 'release' | 'restore') => (error: Error) => {
    if (isConflict(error)) {
      setPending(null);
      setConflict(action);
    }
  };

  const release = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/agents/{id}/bound-skill/versions', {
          params: { path: { id: agentId } },
          body: { baseRevision: status.baseRevision, ...(note.trim() === '' ? {} : { note: note.trim() }) },
        }),
      ),
    onSuccess: async () => {
      setNote('');
      await refresh();
    },
    onError: onError('release'),
  });
  const restore = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.POST('/api/agents/{id}/bound-skill/versions/{name}/restore', {
          params: { path: { id: agentId, name } },
          body: { baseRevision: status.baseRevision },
        }),
      ),
    onSuccess: async () => {
      setPending(null);
      await onContentReplaced();
      await refresh();
    },
    onError: onError('restore'),
  });
  const remove = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.DELETE('/api/agents/{id}/bound-skill/versions/{name}', {
          params: { path: { id: agentId, name } },
        }),
      ),
    onSuccess: async () => {
      setPending(null);
      await refresh();
    },
  });
  const releaseError = release.error !== null && !isConflict(release.error) ? release.error : null;

  return (
    <Stack gap="sm" data-testid="bound-skill-history">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={3}>{t('agents.history.title')}</Title>
        {readOnly ? null : (
          <Group gap="xs" wrap="wrap">
            {status.dirty ? (
              <Text id={reasonId} size="sm" c="orange">
                {t('agents.history.releaseDisabled')}
              </Text>
            ) : null}
            <TextInput
              size="sm"
              aria-label={t('agents.history.note')}
              placeholder={t('agents.history.note')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={2000}
              disabled={status.dirty}
            />
            <Button
              onClick={() => release.mutate()}
              disabled={status.dirty}
              loading={release.isPending}
              aria-describedby={status.dirty ? reasonId : undefined}
            >
              {t('agents.history.release')}
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('agents.history.hint')}
      </Text>
      {releaseError === null ? null : <ApiErrorMessage error={releaseError} />}
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
              <Card key={version.name} component="li" withBorder padding="sm" data-version={version.name}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Group gap="xs">
                      <Text ff="monospace" fw={600}>
                        {version.name}
                      </Text>
                      {version.current ? (
                        <Badge variant="light" color="teal">
                          {t('agents.history.current')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(version.createdAt, i18n.language)}
                    </Text>
                    {version.note === '' ? null : <Text size="sm">{version.note}</Text>}
                  </div>
                  {readOnly ? null : (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => {
                          restore.reset();
                          setPending({ type: 'restore', version });
                        }}
                        aria-label={t('agents.history.restoreLabel', { name: version.name })}
                      >
                        {t('agents.history.restore')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          remove.reset();
                          setPending({ type: 'delete', version });
                        }}
                        aria-label={t('agents.history.deleteLabel', { name: version.name })}
                      >
                        {t('agents.history.delete')}
                      </Button>
                    </Group>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        </Stack>
      )}
      {pending?.type === 'restore' ? (
        <ConfirmDialog
          testId="restore-dialog"
          title={t('agents.history.restoreTitle', { name: pending.version.name })}
          body={t('agents.history.restoreBody', { name: pending.version.name })}
          confirmLabel={t('agents.history.restoreConfirm')}
          onConfirm={() => restore.mutate(pending.version.name)}
          onClose={() => setPending(null)}
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
          onConfirm={() => remove.mutate(pending.version.name)}
          onClose={() => setPending(null)}
          pending={remove.isPending}
          error={remove.error}
        />
      ) : null}
      {conflict === null ? null : (
        <HistoryConflictDialog
          action={conflict}
          dirty={status.dirty}
          onClose={() => setConflict(null)}
          onReload={() => {
            setConflict(null);
            void (async () => {
              await refresh();
              await onContentReplaced();
            })();
          }}
        />
      )}
    </Stack>
  );
}
