import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { contentKey, fetchTree, useSkillTree } from '../skills/skill-content-api';
import { SkillEditor } from '../skills/skill-editor';
import type { SkillEditorStatus } from '../skills/skill-editor-status';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { type Agent, type BoundSkill, useBoundSkill } from './agent-queries';
import { BoundSkillHistory } from './bound-skill-history';
import { CreateBoundSkill } from './create-bound-skill';
import './agents.css';

/**
 * The agent's bound skill (SPEC Y2, Y6, W3): while it has none, its editors create a minimal guide
 * or upload a ZIP; then the part-1 editor edits it through `/api/bound-skills` and the history
 * below releases, restores and deletes versions.
 */
export function BoundSkillSection({ agent }: { readonly agent: Agent }) {
  const { t } = useTranslation();
  const named = agent.boundSkillId !== null;
  const bound = useBoundSkill(agent.id, named);
  const readOnly = agent.builtin || !agent.permissions.edit;
  return (
    <Stack gap="md" data-testid="bound-skill-section">
      <div>
        <Title order={2}>{t('agents.bound.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('agents.bound.description')}
        </Text>
      </div>
      {named && bound.isPending ? (
        <PageLoader />
      ) : bound.isError ? (
        <QueryError error={bound.error} onRetry={() => void bound.refetch()} />
      ) : !named || bound.data === null || bound.data === undefined ? (
        readOnly ? (
          <Text size="sm">{t('agents.bound.noneReadOnly')}</Text>
        ) : (
          <CreateBoundSkill agentId={agent.id} />
        )
      ) : (
        <BoundSkillEditor agentId={agent.id} skill={bound.data} readOnly={readOnly} />
      )}
    </Stack>
  );
}

function BoundSkillEditor({
  agentId,
  skill,
  readOnly,
}: {
  readonly agentId: string;
  readonly skill: BoundSkill;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const tree = useSkillTree('bound', skill.id);
  // A new editor (and its state) each time the content is replaced under it.
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<SkillEditorStatus>({ dirty: false, baseRevision: skill.revision });
  const onStatusChange = useCallback((next: SkillEditorStatus) => setStatus(next), []);
  const reload = useCallback(async () => {
    const next = await fetchTree(api, 'bound', skill.id);
    queryClient.setQueryData([...contentKey('bound', skill.id), 'tree'], next);
    await queryClient.invalidateQueries({ queryKey: contentKey('bound', skill.id) });
    setStatus({ dirty: false, baseRevision: next.revision });
    setGeneration((value) => value + 1);
  }, [api, queryClient, skill.id]);

  if (tree.isPending) return <PageLoader />;
  if (tree.isError) return <QueryError error={tree.error} onRetry={() => void tree.refetch()} />;
  return (
    <Stack gap="xl">
      <SkillEditor
        key={`${skill.id}:${generation}`}
        kind="bound"
        id={skill.id}
        readOnly={readOnly}
        tree={tree.data}
        onStatusChange={onStatusChange}
        header={
          <div>
            <Group gap="xs" align="center">
              <Title order={3} style={{ overflowWrap: 'anywhere' }}>
                {skill.name}
              </Title>
              <Badge variant="light">{t('agents.bound.badge')}</Badge>
              {readOnly ? <Badge variant="outline">{t('editor.readOnly')}</Badge> : null}
            </Group>
            {skill.name === skill.id ? null : (
              <Text size="xs" c="dimmed" ff="monospace">
                {skill.id}
              </Text>
            )}
          </div>
        }
      />
      <BoundSkillHistory agentId={agentId} status={status} readOnly={readOnly} onContentReplaced={reload} />
    </Stack>
  );
}
