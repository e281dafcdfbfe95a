import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { isAdmin, useMe } from '../auth/use-me';
import { DeleteSkillDialog } from '../skills/delete-skill-dialog';
import { InstallModal } from '../skills/install-modal';
import { ShareDialog } from '../skills/share-dialog';
import {
  type PersonalSkillSummary,
  SKILLS_QUERY_KEY,
  type SkillSummary,
  usePersonalSkills,
  useSharedSkills,
} from '../skills/skill-queries';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import '../skills/skills.css';
import { skillIdLine } from '../skills/skill-id-line';
import { ApiErrorMessage } from '../ui/api-error-message';

/** The form loads core's SKILL.md parser (the editor's chunk), so it is fetched when opened, not with the page. */
const NewSkillModal = lazy(async () => ({
  default: (await import('../skills/new-skill-modal')).NewSkillModal,
}));

type Dialog =
  | { readonly type: 'install' }
  | { readonly type: 'new' }
  | { readonly type: 'share'; readonly id: string }
  | {
      readonly type: 'delete';
      readonly id: string;
      readonly name: string;
      readonly kind: 'shared' | 'personal';
    };

/**
 * The skills the viewer may read (SPEC W1): the shared and builtin ones and the viewer's own,
 * with a search, what overrides what, enable toggles, sharing, deleting and installing.
 */
export function SkillsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const shared = useSharedSkills();
  const personal = usePersonalSkills();
  const shadowedBy = useMemo(() => {
    const map = new Map<string, string>();
    for (const skill of personal.data ?? [])
      for (const overridden of skill.overrides) map.set(overridden.id, skill.id);
    return map;
  }, [personal.data]);
  const shownShared = useMemo(
    () => filterSkills(shared.data ?? [], deferredQuery),
    [shared.data, deferredQuery],
  );
  const shownPersonal = useMemo(
    () => filterSkills(personal.data ?? [], deferredQuery),
    [personal.data, deferredQuery],
  );
  const admin = isAdmin(me.data);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('skills.title')}</Title>
          <Text c="dimmed">{t('skills.description')}</Text>
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => setDialog({ type: 'new' })}>
            {t('newSkill.open')}
          </Button>
          <Button onClick={() => setDialog({ type: 'install' })}>{t('install.open')}</Button>
        </Group>
      </Group>
      <TextInput
        label={t('skills.search')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
      />
      <SkillSection
        title={t('skills.personalTitle')}
        query={personal}
        all={personal.data ?? []}
        shown={shownPersonal}
        search={deferredQuery}
        emptyText={t('skills.personalEmpty')}
      >
        {shownPersonal.map((skill) => (
          <PersonalCard
            key={skill.id}
            skill={skill}
            onDelete={() => setDialog({ type: 'delete', id: skill.id, name: skill.name, kind: 'personal' })}
          />
        ))}
      </SkillSection>
      <SkillSection
        title={t('skills.sharedTitle')}
        query={shared}
        all={shared.data ?? []}
        shown={shownShared}
        search={deferredQuery}
        emptyText={t('skills.empty')}
      >
        {shownShared.map((skill) => (
          <SharedCard
            key={skill.id}
            skill={skill}
            shadowedBy={shadowedBy.get(skill.id) ?? null}
            canShare={admin}
            onShare={() => setDialog({ type: 'share', id: skill.id })}
            onDelete={() => setDialog({ type: 'delete', id: skill.id, name: skill.name, kind: 'shared' })}
          />
        ))}
      </SkillSection>
      {dialog?.type === 'new' ? (
        <Suspense fallback={null}>
          <NewSkillModal onClose={() => setDialog(null)} />
        </Suspense>
      ) : dialog?.type === 'install' ? (
        <InstallModal canShare={admin} onClose={() => setDialog(null)} onInstalled={() => setDialog(null)} />
      ) : dialog?.type === 'share' ? (
        <ShareDialog skillId={dialog.id} onClose={() => setDialog(null)} />
      ) : dialog?.type === 'delete' ? (
        <DeleteSkillDialog skill={dialog} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}

function SkillSection({
  title,
  query,
  all,
  shown,
  search,
  emptyText,
  children,
}: {
  readonly title: string;
  readonly query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  readonly all: readonly unknown[];
  readonly shown: readonly unknown[];
  readonly search: string;
  readonly emptyText: string;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <QueryError error={query.error!} onRetry={() => void query.refetch()} />
      ) : all.length === 0 ? (
        <Text>{emptyText}</Text>
      ) : shown.length === 0 ? (
        <Text>{t('skills.noMatch', { query: search })}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" mb="xs">
            {t('skills.count', { count: shown.length })}
          </Text>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            component="ul"
            className="plain-list"
            aria-label={title}
          >
            {children}
          </SimpleGrid>
        </>
      )}
    </section>
  );
}

function SkillHeading({
  to,
  name,
  badges,
}: {
  readonly to: string;
  readonly name: string;
  readonly badges: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <Text fw={600} component={Link} to={to} className="skill-link" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Group gap={4} wrap="wrap" justify="flex-end">
        {badges}
      </Group>
    </Group>
  );
}

function SharedCard({
  skill,
  shadowedBy,
  canShare,
  onShare,
  onDelete,
}: {
  readonly skill: SkillSummary;
  readonly shadowedBy: string | null;
  readonly canShare: boolean;
  readonly onShare: () => void;
  readonly onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      unwrap(api.PUT('/api/skills/{id}/enabled', { params: { path: { id: skill.id } }, body: { enabled } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY }),
  });
  const enabled = toggle.isPending ? toggle.variables : skill.enabled;
  return (
    <Card withBorder component="li" padding="md" data-testid="skill-card" data-skill={skill.id}>
      <SkillHeading
        to={`/skills/${encodeURIComponent(skill.id)}`}
        name={skill.name}
        badges={
          <>
            <Badge variant="light" color={skill.kind === 'builtin' ? 'grape' : 'blue'}>
              {t(`skills.kind.${skill.kind}`)}
            </Badge>
            {skill.enabled ? null : (
              <Badge variant="outline" color="gray">
                {t('skills.disabled')}
              </Badge>
            )}
            {shadowedBy === null ? null : (
              <Badge variant="outline" color="orange">
                {t('skills.shadowed')}
              </Badge>
            )}
          </>
        }
      />
      <Text size="xs" c="dimmed" ff="monospace" mt={2}>
        {skillIdLine(skill.id, skill.version, (version) => t('skills.version', { version }))}
      </Text>
      <Text size="sm" mt="xs" lineClamp={3}>
        {skill.description}
      </Text>
      {skill.manageable ? (
        <Group mt="sm" gap="xs" justify="space-between">
          <Switch
            label={t('skills.enabled')}
            checked={enabled}
            onChange={(event) => toggle.mutate(event.currentTarget.checked)}
            aria-label={t('skills.enableNamed', { name: skill.name })}
          />
          {skill.kind === 'shared' ? (
            <Group gap={4}>
              {canShare ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={onShare}
                  aria-label={t('skills.shareNamed', { name: skill.name })}
                >
                  {t('skills.share')}
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={onDelete}
                aria-label={t('skills.deleteNamed', { name: skill.name })}
              >
                {t('skills.delete.confirm')}
              </Button>
            </Group>
          ) : null}
        </Group>
      ) : null}
      {toggle.isError ? <ApiErrorMessage error={toggle.error} /> : null}
    </Card>
  );
}

function PersonalCard({
  skill,
  onDelete,
}: {
  readonly skill: PersonalSkillSummary;
  readonly onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="li" padding="md" data-testid="personal-skill-card" data-skill={skill.id}>
      <SkillHeading
        to={`/my-skills/${encodeURIComponent(skill.id)}`}
        name={skill.name}
        badges={
          <>
            <Badge variant="light" color="teal">
              {t('skills.kind.personal')}
            </Badge>
            {skill.overrides.length === 0 ? null : (
              <Badge variant="outline" color="orange">
                {t('skills.overrides')}
              </Badge>
            )}
          </>
        }
      />
      <Text size="xs" c="dimmed" ff="monospace" mt={2}>
        {skillIdLine(skill.id, skill.version, (version) => t('skills.version', { version }))}
      </Text>
      <Text size="sm" mt="xs" lineClamp={3}>
        {skill.description}
      </Text>
      {skill.overrides.length === 0 ? null : (
        <Text size="xs" mt={4}>
          {t('skills.overridesList', { list: skill.overrides.map((item) => item.name).join(', ') })}
        </Text>
      )}
      {skill.problem === null ? null : <ApiErrorMessage error={skill.problem} mt="xs" />}
      <Group mt="sm" justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={t('skills.deleteNamed', { name: skill.name })}
        >
          {t('skills.delete.confirm')}
        </Button>
      </Group>
    </Card>
  );
}

/** The skills whose id, name or description holds every word of `query` (case-insensitive). */
export function filterSkills<Skill extends Pick<SkillSummary, 'id' | 'name' | 'description'>>(
  skills: readonly Skill[],
  query: string,
): Skill[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...skills];
  return skills.filter((skill) => {
    const text = `${skill.id} ${skill.name} ${skill.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
