import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatDateTime } from '../ui/format-date-time';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { diffText, SideBySideDiff } from './side-by-side-diff';
import { fetchTree, isConflict } from './skill-content-api';
import type { SkillEditorStatus } from './skill-editor';
import {
  fetchCurrentFile,
  fetchHistory,
  fetchRevisionFile,
  fetchRevisionTree,
  type HistoryKind,
  historyKey,
  restoreRevision,
  type SkillRevision,
} from './skill-history-api';

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

/** `sha256:` and the first 12 hex digits: enough to tell revisions apart in a list. */
function shortRevision(revision: string): string {
  return revision.slice('sha256:'.length, 'sha256:'.length + 12);
}

/**
 * The history of a shared or personal skill (issue 24 item 3): every saved revision with its author
 * and time, newest first; "Compare" shows a file of that revision beside the current one; "Restore"
 * (after a confirmation that unsaved edits are lost) makes it current again as a new revision. The
 * restore sends the editor's saved revision, so a save made elsewhere since is a 409, shown with a
 * reload instead of being overwritten.
 */
export function SkillHistoryPanel({ kind, id, status, readOnly, onContentReplaced }: SkillHistoryPanelProps) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const history = useQuery({ queryKey: historyKey(kind, id), queryFn: () => fetchHistory(api, kind, id) });
  const [compared, setCompared] = useState<string | null>(null);
  const [pending, setPending] = useState<SkillRevision | null>(null);
  const [conflict, setConflict] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyKey(kind, id) });
  // A save moves the saved revision: the history has a new entry.
  const savedRevision = status.baseRevision;
  useEffect(() => {
    if (savedRevision !== '') void queryClient.invalidateQueries({ queryKey: historyKey(kind, id) });
  }, [queryClient, kind, id, savedRevision]);

  const restore = useMutation({
    mutationFn: (revision: string) => restoreRevision(api, kind, id, revision, status.baseRevision),
    onSuccess: async () => {
      setPending(null);
      await onContentReplaced();
      await refresh();
    },
    onError: (error) => {
      if (isConflict(error)) {
        setPending(null);
        setConflict(true);
      }
    },
  });

  return (
    <Stack gap="sm" data-testid="skill-history">
      <Title order={3}>{t('history.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('history.hint')}
      </Text>
      {conflict ? (
        <Alert color="orange" role="alert" title={t('history.conflictTitle')} data-testid="history-conflict">
          <Text size="sm">{t('history.conflictBody')}</Text>
          {status.dirty ? (
            <Text size="sm" c="red" mt="xs">
              {t('history.conflictDrops')}
            </Text>
          ) : null}
          <Group mt="sm" gap="xs">
            <Button
              size="xs"
              onClick={() => {
                setConflict(false);
                void (async () => {
                  await refresh();
                  await onContentReplaced();
                })();
              }}
            >
              {t('history.reload')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConflict(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {history.isPending ? (
        <PageLoader />
      ) : history.isError ? (
        <QueryError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.entries.length === 0 ? (
        <Text size="sm">{t('history.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" className="skill-revision-list" aria-label={t('history.title')}>
          {history.data.entries.map((entry, index) => {
            const current = entry.revision === history.data.revision && index === 0;
            const short = shortRevision(entry.revision);
            return (
              <Card
                // biome-ignore lint/suspicious/noArrayIndexKey: a revision may be listed twice (restored); its place tells them apart
                key={`${entry.revision}:${index}`}
                component="li"
                withBorder
                padding="sm"
                data-revision={entry.revision}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Group gap="xs">
                      <Text ff="monospace" fw={600}>
                        {short}
                      </Text>
                      <Badge variant="light">{t(`history.action.${entry.action}`)}</Badge>
                      {current ? (
                        <Badge variant="light" color="teal">
                          {t('history.current')}
                        </Badge>
                      ) : null}
                      {entry.stored ? null : (
                        <Badge variant="outline" color="gray">
                          {t('history.notStored')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('history.byAt', {
                        author: entry.author?.displayName ?? t('history.unknownAuthor'),
                        at: formatDateTime(entry.createdAt, i18n.language),
                      })}
                    </Text>
                  </div>
                  {entry.stored && !current ? (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant={compared === entry.revision ? 'filled' : 'default'}
                        aria-pressed={compared === entry.revision}
                        onClick={() => setCompared(compared === entry.revision ? null : entry.revision)}
                        aria-label={t('history.compareLabel', { revision: short })}
                      >
                        {t('history.compare')}
                      </Button>
                      {readOnly ? null : (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => {
                            restore.reset();
                            setPending(entry);
                          }}
                          aria-label={t('history.restoreLabel', { revision: short })}
                        >
                          {t('history.restore')}
                        </Button>
                      )}
                    </Group>
                  ) : null}
                </Group>
              </Card>
            );
          })}
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
          onClose={() => setPending(null)}
          pending={restore.isPending}
          error={restore.error !== null && !isConflict(restore.error) ? restore.error : null}
        />
      )}
    </Stack>
  );
}

/** One file of `revision` beside the same file now, as a two-column line diff. */
function RevisionDiff({ kind, id, revision }: { kind: HistoryKind; id: string; revision: string }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const trees = useQuery({
    queryKey: [...historyKey(kind, id), 'trees', revision],
    queryFn: async () => {
      const [old, now] = await Promise.all([
        fetchRevisionTree(api, kind, id, revision),
        fetchTree(api, kind, id),
      ]);
      const files = (tree: typeof old) =>
        tree.entries.flatMap((entry) => (entry.type === 'file' ? [entry.path] : []));
      return { old: new Set(files(old)), now: new Set(files(now)) };
    },
  });
  const [chosen, setChosen] = useState('SKILL.md');
  const paths = trees.data === undefined ? [] : [...new Set([...trees.data.old, ...trees.data.now])].sort();
  const filePath = paths.includes(chosen) ? chosen : (paths[0] ?? chosen);
  const files = useQuery({
    queryKey: [...historyKey(kind, id), 'diff', revision, filePath],
    enabled: trees.data !== undefined,
    queryFn: async () => {
      const { old, now } = trees.data!;
      const [before, after] = await Promise.all([
        old.has(filePath) ? fetchRevisionFile(api, kind, id, revision, filePath) : undefined,
        now.has(filePath) ? fetchCurrentFile(api, kind, id, filePath) : undefined,
      ]);
      return { before: diffText(before), after: diffText(after) };
    },
  });
  const short = shortRevision(revision);
  return (
    <section aria-label={t('history.diffOf', { revision: short })} data-testid="revision-diff">
      <Title order={4}>{t('history.diffOf', { revision: short })}</Title>
      {trees.isPending ? (
        <PageLoader />
      ) : trees.isError ? (
        <QueryError error={trees.error} onRetry={() => void trees.refetch()} />
      ) : (
        <Stack gap="xs">
          <NativeSelect
            label={t('history.file')}
            data={paths}
            value={filePath}
            onChange={(event) => setChosen(event.currentTarget.value)}
          />
          {files.isPending ? (
            <PageLoader />
          ) : files.isError ? (
            <QueryError error={files.error} onRetry={() => void files.refetch()} />
          ) : (
            <SideBySideDiff
              before={files.data.before}
              after={files.data.after}
              caption={t('history.diffOf', { revision: short })}
              beforeLabel={t('history.thenColumn', { revision: short })}
              afterLabel={t('history.nowColumn')}
            />
          )}
        </Stack>
      )}
    </section>
  );
}
