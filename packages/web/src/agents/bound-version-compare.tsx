import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import type { ApiClient } from '../api/create-api-client';
import { diffText, SideBySideDiff } from '../skills/side-by-side-diff';
import type { SkillFile, SkillTree } from '../skills/skill-content-api';
import { filePathSerializer } from '../skills/skill-history-api';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { type BoundSkillVersion, boundSkillKey } from './agent-queries';

/** The tree of a released version of the agent's bound skill. */
function fetchVersionTree(api: ApiClient, agentId: string, name: string): Promise<SkillTree> {
  return unwrap(
    api.GET('/api/agents/{id}/bound-skill/versions/{name}/tree', { params: { path: { id: agentId, name } } }),
  );
}

/** One file of a released version of the agent's bound skill. */
function fetchVersionFile(api: ApiClient, agentId: string, name: string, path: string): Promise<SkillFile> {
  return unwrap(
    api.GET('/api/agents/{id}/bound-skill/versions/{name}/files/{path}', {
      params: { path: { id: agentId, name, path } },
      pathSerializer: filePathSerializer,
    }),
  );
}

/**
 * Two released versions of an agent's bound skill side by side (issue 24 item 5): pick an older and a
 * newer version (by default the two newest) and a file; each version's release note is shown.
 */
export function BoundVersionCompare({
  agentId,
  versions,
}: {
  readonly agentId: string;
  /** Newest first, at least two. */
  readonly versions: readonly BoundSkillVersion[];
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const names = versions.map((version) => version.name);
  const [from, setFrom] = useState(names[1] ?? names[0] ?? '');
  const [to, setTo] = useState(names[0] ?? '');
  const [chosen, setChosen] = useState('SKILL.md');
  const trees = useQuery({
    queryKey: [...boundSkillKey(agentId), 'compare', from, to],
    queryFn: async () => {
      const [before, after] = await Promise.all([
        fetchVersionTree(api, agentId, from),
        fetchVersionTree(api, agentId, to),
      ]);
      const files = (tree: SkillTree) =>
        tree.entries.flatMap((entry) => (entry.type === 'file' ? [entry.path] : []));
      return { before: new Set(files(before)), after: new Set(files(after)) };
    },
  });
  const paths =
    trees.data === undefined ? [] : [...new Set([...trees.data.before, ...trees.data.after])].sort();
  const filePath = paths.includes(chosen) ? chosen : (paths[0] ?? chosen);
  const files = useQuery({
    queryKey: [...boundSkillKey(agentId), 'compare', from, to, filePath],
    enabled: trees.data !== undefined,
    queryFn: async () => {
      const { before, after } = trees.data!;
      const [old, now] = await Promise.all([
        before.has(filePath) ? fetchVersionFile(api, agentId, from, filePath) : undefined,
        after.has(filePath) ? fetchVersionFile(api, agentId, to, filePath) : undefined,
      ]);
      return { before: diffText(old), after: diffText(now) };
    },
  });
  const noteOf = (name: string) => versions.find((version) => version.name === name)?.note ?? '';
  const caption = t('agents.compare.caption', { from, to });
  return (
    <section aria-label={caption} data-testid="bound-version-compare">
      <Stack gap="xs">
        <Title order={4}>{t('agents.compare.title')}</Title>
        <Group gap="sm" grow>
          <NativeSelect
            label={t('agents.compare.from')}
            data={names}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('agents.compare.to')}
            data={names}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </Group>
        {[from, to].map((name, index) =>
          noteOf(name) === '' ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: one note per side, the same version may be on both
            <Text key={index} size="sm" data-testid="compare-note">
              {t('agents.compare.note', { name, note: noteOf(name) })}
            </Text>
          ),
        )}
        {trees.isPending ? (
          <PageLoader />
        ) : trees.isError ? (
          <QueryError error={trees.error} onRetry={() => void trees.refetch()} />
        ) : (
          <>
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
                caption={caption}
                beforeLabel={from}
                afterLabel={to}
              />
            )}
          </>
        )}
      </Stack>
    </section>
  );
}
