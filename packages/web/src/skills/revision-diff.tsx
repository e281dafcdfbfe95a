import { NativeSelect, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { shortRevision } from './short-revision';
import { diffText, SideBySideDiff } from './side-by-side-diff';
import { fetchTree } from './skill-content-api';
import {
  fetchCurrentFile,
  fetchRevisionFile,
  fetchRevisionTree,
  type HistoryKind,
  historyKey,
} from './skill-history-api';

/** One file of `revision` beside the same file now, as a two-column line diff. */
export function RevisionDiff({ kind, id, revision }: { kind: HistoryKind; id: string; revision: string }) {
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
