import { Anchor, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AgentConfigForm } from '../agents/agent-config-form';
import { AGENTS_QUERY_KEY, type Agent, useAgent } from '../agents/agent-queries';
import { BoundSkillSection } from '../agents/bound-skill-section';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { LEAVE_WITHOUT_ASKING, UnsavedChangesScope } from '../skills/use-unsaved-guard';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';

/** An agent's page (`/agents/:id`, SPEC W3): its configuration, its bound skill and that skill's history. */
export function AgentDetailPage() {
  const id = useParams().id ?? '';
  const agent = useAgent(id);
  if (agent.isPending) return <PageLoader />;
  if (agent.isError) return <QueryError error={agent.error} onRetry={() => void agent.refetch()} />;
  return <AgentDetail key={agent.data.id} agent={agent.data} />;
}

function AgentDetail({ agent }: { readonly agent: Agent }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/agents/{id}', { params: { path: { id: agent.id } } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...AGENTS_QUERY_KEY, 'one', agent.id] });
      await queryClient.invalidateQueries({ queryKey: [...AGENTS_QUERY_KEY, 'list'] });
      // The agent is gone: its unsaved edits with it.
      void navigate('/agents', { state: LEAVE_WITHOUT_ASKING });
    },
  });
  return (
    <UnsavedChangesScope>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Anchor component={Link} to="/agents" size="sm">
              {t('agents.back')}
            </Anchor>
            <Group gap="xs" align="center">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {agent.name}
              </Title>
              {agent.builtin ? (
                <Badge variant="light" color="grape">
                  {t('agents.builtin')}
                </Badge>
              ) : null}
            </Group>
          </div>
          <Group gap="xs">
            <Button component={Link} to={`/agents/${agent.id}/chat`} variant="light">
              {t('agents.chat')}
            </Button>
            {agent.permissions.delete && !agent.builtin ? (
              <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
                {t('agents.delete.button')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <AgentConfigForm agent={agent} />
        <Divider />
        <BoundSkillSection agent={agent} />
        {deleting ? (
          <ConfirmDialog
            testId="delete-agent-dialog"
            title={t('agents.delete.title', { name: agent.name })}
            body={t('agents.delete.body')}
            confirmLabel={t('agents.delete.confirm')}
            onConfirm={() => remove.mutate()}
            onClose={() => setDeleting(false)}
            pending={remove.isPending}
            error={remove.error}
          />
        ) : null}
        <Text size="xs" c="dimmed" ff="monospace">
          {agent.id}
        </Text>
      </Stack>
    </UnsavedChangesScope>
  );
}
