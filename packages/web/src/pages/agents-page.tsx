import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgents } from '../agents/agent-queries';
import { NewAgentModal } from '../agents/new-agent-modal';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';

/** The agents the viewer may read (SPEC W3): each links to its configuration and its chat; "New agent" creates one. */
export function AgentsPage() {
  const { t } = useTranslation();
  const agents = useAgents();
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('agents.title')}</Title>
          <Text c="dimmed">{t('agents.description')}</Text>
        </div>
        <Button onClick={() => setCreating(true)}>{t('agents.new.button')}</Button>
      </Group>
      {creating ? <NewAgentModal onClose={() => setCreating(false)} /> : null}
      {agents.isPending ? (
        <PageLoader />
      ) : agents.isError ? (
        <QueryError error={agents.error} onRetry={() => void agents.refetch()} />
      ) : agents.data.length === 0 ? (
        <Text>{t('agents.empty')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          className="plain-list"
          aria-label={t('agents.title')}
        >
          {agents.data.map((agent) => (
            <Card key={agent.id} withBorder component="li" padding="md" data-agent={agent.name}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor
                  component={Link}
                  to={`/agents/${agent.id}`}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {agent.name}
                </Anchor>
                {agent.builtin ? (
                  <Badge variant="light" color="grape">
                    {t('agents.builtin')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed" mt={2}>
                {t('agents.model', { model: agent.model })}
              </Text>
              <Text size="sm" mt="xs" lineClamp={3}>
                {agent.description}
              </Text>
              <Group gap="xs" mt="sm">
                <Button
                  component={Link}
                  to={`/agents/${agent.id}/chat`}
                  size="xs"
                  variant="light"
                  aria-label={t('agents.chatWith', { name: agent.name })}
                >
                  {t('agents.chat')}
                </Button>
                <Button
                  component={Link}
                  to={`/agents/${agent.id}`}
                  size="xs"
                  variant="default"
                  aria-label={t('agents.configureName', { name: agent.name })}
                >
                  {agent.permissions.edit && !agent.builtin ? t('agents.configure') : t('agents.view')}
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
