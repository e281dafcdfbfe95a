import { Badge, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import type { components } from '../api/generated/openapi';
import { PageLoader } from '../app/page-loader';
import { QueryError } from '../app/query-error';

type SkillSummary = components['schemas']['SkillSummary'];

/** The query key of the readable skills listing (`GET /api/skills`). */
export const SKILLS_QUERY_KEY = ['skills'] as const;

/** The builtin and shared skills the viewer may read (SPEC W1), with a search over names and descriptions. */
export function SkillsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const skills = useQuery({
    queryKey: SKILLS_QUERY_KEY,
    queryFn: async () => (await unwrap(api.GET('/api/skills'))).skills,
  });
  const shown = useMemo(() => filterSkills(skills.data ?? [], deferredQuery), [skills.data, deferredQuery]);
  return (
    <Stack>
      <div>
        <Title order={1}>{t('skills.title')}</Title>
        <Text c="dimmed">{t('skills.description')}</Text>
      </div>
      <TextInput
        label={t('skills.search')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
      />
      {skills.isPending ? (
        <PageLoader />
      ) : skills.isError ? (
        <QueryError error={skills.error} onRetry={() => void skills.refetch()} />
      ) : skills.data.length === 0 ? (
        <Text>{t('skills.empty')}</Text>
      ) : shown.length === 0 ? (
        <Text>{t('skills.noMatch', { query: deferredQuery })}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('skills.count', { count: shown.length })}
          </Text>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            component="ul"
            className="plain-list"
            aria-label={t('skills.title')}
          >
            {shown.map((skill) => (
              <SkillCard key={skill.id} skill={skill} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function SkillCard({ skill }: { skill: SkillSummary }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="li" padding="md" data-testid="skill-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {skill.name}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" color={skill.kind === 'builtin' ? 'grape' : 'blue'}>
            {t(`skills.kind.${skill.kind}`)}
          </Badge>
          {skill.enabled ? null : (
            <Badge variant="outline" color="gray">
              {t('skills.disabled')}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" ff="monospace" mt={2}>
        {skill.id} · {t('skills.version', { version: skill.version })}
      </Text>
      <Text size="sm" mt="xs" lineClamp={3}>
        {skill.description}
      </Text>
    </Card>
  );
}

/** The skills whose id, name or description holds every word of `query` (case-insensitive). */
export function filterSkills(skills: readonly SkillSummary[], query: string): SkillSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...skills];
  return skills.filter((skill) => {
    const text = `${skill.id} ${skill.name} ${skill.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
