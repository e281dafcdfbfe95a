import { Anchor, Badge, Group, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { contentKey, fetchTree, type SkillKind, useSkillTree } from '../skills/skill-content-api';
import { SkillEditor } from '../skills/skill-editor';
import type { SkillEditorStatus } from '../skills/skill-editor-status';
import { SkillHistoryPanel } from '../skills/skill-history';
import { skillIdLine } from '../skills/skill-id-line';
import { SKILLS_QUERY_KEY, usePersonalSkills } from '../skills/skill-queries';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';

/** A shared or builtin skill's page (`/skills/:id`). */
export function SharedSkillDetailPage() {
  return <SkillDetailPage kind="shared" />;
}

/** A personal skill's page (`/my-skills/:id`). */
export function PersonalSkillDetailPage() {
  return <SkillDetailPage kind="personal" />;
}

function useSkillSummary(kind: SkillKind, id: string) {
  const { api } = useApi();
  const personal = usePersonalSkills();
  const shared = useQuery({
    queryKey: [...SKILLS_QUERY_KEY, 'shared', id],
    queryFn: async () => (await unwrap(api.GET('/api/skills/{id}', { params: { path: { id } } }))).skill,
    enabled: kind === 'shared',
  });
  if (kind === 'shared') {
    return {
      pending: shared.isPending,
      error: shared.error,
      summary: shared.data === undefined ? undefined : { ...shared.data, kindLabel: shared.data.kind },
    };
  }
  const found = personal.data?.find((skill) => skill.id === id);
  return {
    pending: personal.isPending,
    error: personal.error,
    summary: found === undefined ? undefined : { ...found, kindLabel: 'personal' as const },
  };
}

/**
 * A shared or personal skill's page (SPEC W2): its title, the editor (Files) and its History. The
 * tabs keep both mounted, so switching never drops unsaved edits; a restore replaces the editor.
 */
function SkillDetailPage({ kind }: { readonly kind: 'shared' | 'personal' }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const id = useParams().id ?? '';
  const summary = useSkillSummary(kind, id);
  const tree = useSkillTree(kind, id);
  // A new editor (and its state) each time the content is replaced under it.
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<SkillEditorStatus>({ dirty: false, baseRevision: '' });
  const onStatusChange = useCallback((next: SkillEditorStatus) => setStatus(next), []);
  const reload = useCallback(async () => {
    const next = await fetchTree(api, kind, id);
    queryClient.setQueryData([...contentKey(kind, id), 'tree'], next);
    await queryClient.invalidateQueries({ queryKey: contentKey(kind, id) });
    await queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY });
    setStatus({ dirty: false, baseRevision: next.revision });
    setGeneration((value) => value + 1);
  }, [api, queryClient, kind, id]);
  if (summary.pending || tree.isPending) return <PageLoader />;
  if (summary.error !== null || tree.isError) {
    return <QueryError error={summary.error ?? tree.error} onRetry={() => void tree.refetch()} />;
  }
  if (summary.summary === undefined) return <Text>{t('editor.notFound', { id })}</Text>;
  const readOnly = !summary.summary.manageable;
  const editor = (
    <SkillEditor
      key={`${kind}:${id}:${generation}`}
      kind={kind}
      id={id}
      readOnly={readOnly}
      tree={tree.data}
      onStatusChange={onStatusChange}
      header={
        <div>
          <Anchor component={Link} to="/skills" size="sm">
            {t('editor.back')}
          </Anchor>
          <Group gap="xs" align="center">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {summary.summary.name}
            </Title>
            <Badge variant="light">{t(`skills.kind.${summary.summary.kindLabel}`)}</Badge>
            {readOnly ? <Badge variant="outline">{t('editor.readOnly')}</Badge> : null}
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {skillIdLine(id, summary.summary.version, (version) => t('skills.version', { version }))}
          </Text>
        </div>
      }
    />
  );
  // Builtins ship with the platform: they have no history.
  if (summary.summary.kindLabel === 'builtin') return editor;
  return (
    <Tabs defaultValue="files" keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="files">{t('history.filesTab')}</Tabs.Tab>
        <Tabs.Tab value="history">{t('history.tab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="files">{editor}</Tabs.Panel>
      <Tabs.Panel value="history">
        <SkillHistoryPanel
          kind={kind}
          id={id}
          status={status.baseRevision === '' ? { dirty: false, baseRevision: tree.data.revision } : status}
          readOnly={readOnly}
          onContentReplaced={reload}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
