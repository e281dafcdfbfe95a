import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { PageLoader } from '../app/page-loader';
import { QueryError } from '../app/query-error';

/** The agents the viewer may read (`GET /api/agents`); configuring and chatting come with SPEC W3/W4. */
export function AgentsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const agents = useQuery({
    queryKey: ['agents'],
    queryFn: async () => (await unwrap(api.GET('/api/agents'))).agents,
  });
  return (
    <Stack>
      <div>
        <Title order={1}>{t('agents.title')}</Title>
        <Text c="dimmed">{t('agents.description')}</Text>
      </div>
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
            <Card key={agent.id} withBorder component="li" padding="md">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {agent.name}
                </Text>
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
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
