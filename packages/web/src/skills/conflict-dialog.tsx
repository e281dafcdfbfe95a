import { Alert, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { lineDiff } from './line-diff';
import { fetchFile, fetchTree, type SkillKind, type SkillTree } from './skill-content-api';
import { basePath, changedFiles, type SkillEditState } from './skill-edit-state';

/** What the user chose after a conflict; every choice but "reload theirs" keeps each unsaved edit. */
export interface ConflictChoice {
  readonly reloadTheirs: () => void;
  readonly keepMineAsCopies: (current: SkillTree) => void;
  readonly saveMineOverTheirs: (current: SkillTree) => void;
}

/** The server's changes since `loaded`: files added, changed or removed there. */
export function serverChanges(
  loaded: SkillTree,
  current: SkillTree,
): { path: string; change: 'added' | 'changed' | 'removed' }[] {
  const files = (tree: SkillTree) =>
    new Map(
      tree.entries.flatMap((entry) => (entry.type === 'file' ? [[entry.path, entry.sha256] as const] : [])),
    );
  const before = files(loaded);
  const after = files(current);
  const changes: { path: string; change: 'added' | 'changed' | 'removed' }[] = [];
  for (const [path, sha] of after) {
    if (!before.has(path)) changes.push({ path, change: 'added' });
    else if (before.get(path) !== sha) changes.push({ path, change: 'changed' });
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push({ path, change: 'removed' });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * A save refused because the skill changed on the server (409): what changed there, and three
 * ways on — reload theirs (drops my edits, after asking), keep mine as copies beside theirs, or
 * review a diff of each file I changed against theirs and then save mine over theirs.
 */
export function ConflictDialog({
  kind,
  id,
  state,
  loaded,
  choice,
  onClose,
}: {
  readonly kind: SkillKind;
  readonly id: string;
  readonly state: SkillEditState;
  readonly loaded: SkillTree;
  readonly choice: ConflictChoice;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const [view, setView] = useState<'summary' | 'diff' | 'confirmReload'>('summary');
  const current = useQuery({
    queryKey: ['conflict', kind, id, state.baseRevision],
    queryFn: () => fetchTree(api, kind, id),
    gcTime: 0,
  });
  const mine = changedFiles(state);
  const theirs = useQuery({
    queryKey: ['conflict-files', kind, id, current.data?.revision, mine],
    enabled: current.data !== undefined && view === 'diff',
    gcTime: 0,
    queryFn: async () => {
      const present = new Set(current.data!.entries.map((entry) => entry.path));
      return Promise.all(
        mine.map(async (path) => {
          const origin = basePath(state, path) ?? path;
          const text = present.has(origin) ? (await fetchFile(kind, id, origin)).content : '';
          return { path, theirs: text, mine: state.files[path]!.content };
        }),
      );
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('conflict.title')} size="xl">
      {current.isPending ? (
        <PageLoader />
      ) : current.isError ? (
        <QueryError error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <Stack gap="md" data-testid="conflict-dialog">
          <Alert color="yellow">{t('conflict.body')}</Alert>
          <div>
            <Title order={3} size="h5">
              {t('conflict.theirChanges')}
            </Title>
            {serverChanges(loaded, current.data).length === 0 ? (
              <Text size="sm">{t('conflict.onlyMetadata')}</Text>
            ) : (
              <List size="sm" ff="monospace">
                {serverChanges(loaded, current.data).map((change) => (
                  <List.Item key={change.path}>
                    {t(`conflict.change.${change.change}`)} {change.path}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
          <Text size="sm">{t('conflict.mine', { count: mine.length, list: mine.join(', ') })}</Text>
          {view === 'diff' ? (
            theirs.isPending ? (
              <PageLoader />
            ) : theirs.isError ? (
              <QueryError error={theirs.error} onRetry={() => void theirs.refetch()} />
            ) : (
              theirs.data.map((file) => (
                <section key={file.path} aria-label={t('conflict.diffOf', { path: file.path })}>
                  <Text fw={600} ff="monospace" size="sm">
                    {file.path}
                  </Text>
                  <pre className="diff" data-testid="conflict-diff">
                    {lineDiff(file.theirs, file.mine).map((line, index) => (
                      <div
                        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines have no identity but their place
                        key={index}
                        className={line.kind === 'same' ? undefined : `diff-line-${line.kind}`}
                      >
                        {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                        {line.text}
                      </div>
                    ))}
                  </pre>
                </section>
              ))
            )
          ) : null}
          {view === 'confirmReload' ? (
            <Alert color="red" title={t('conflict.reloadConfirmTitle')}>
              <Text size="sm">{t('conflict.reloadConfirm', { count: mine.length })}</Text>
              <Group mt="sm">
                <Button color="red" size="xs" onClick={choice.reloadTheirs}>
                  {t('conflict.reloadConfirmButton')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setView('summary')}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setView('confirmReload')}>
              {t('conflict.reloadTheirs')}
            </Button>
            <Button variant="default" onClick={() => choice.keepMineAsCopies(current.data)}>
              {t('conflict.keepCopies')}
            </Button>
            {view === 'diff' ? (
              <Button color="orange" onClick={() => choice.saveMineOverTheirs(current.data)}>
                {t('conflict.saveMine')}
              </Button>
            ) : (
              <Button onClick={() => setView('diff')}>{t('conflict.reviewDiff')}</Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
