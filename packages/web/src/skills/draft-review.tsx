import { Alert, Badge, Button, Card, Checkbox, Group, List, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import type { components } from '../api/generated/openapi';
import { ApiErrorMessage } from '../ui/api-error-message';
import { DiagnosticList } from './diagnostic-list';
import { ScopeEditor, type ScopeOption } from './scope-editor';
import { type ShareConfig, shareProblem } from './share-scope';
import { SKILLS_QUERY_KEY } from './skill-queries';

export type InstallDraft = components['schemas']['InstallDraft'];
export type InstalledSkill = components['schemas']['InstalledSkill'];

interface DraftReviewProps {
  readonly draft: InstallDraft;
  /** Admins may install shared skills; everyone may install personal ones. */
  readonly canShare: boolean;
  readonly departments: readonly ScopeOption[];
  readonly users: readonly ScopeOption[];
  readonly onInstalled: (installed: readonly InstalledSkill[]) => void;
  readonly onCancelled: () => void;
}

const DEFAULT_SHARE: ShareConfig = {
  readScope: { kind: 'global' },
  manageScope: { kind: 'users', userIds: [] },
};

/**
 * A prepared install draft (SPEC Y2–Y5): each skill found with its files, dependencies and
 * diagnostics to pick from, what failed apart (never confirmable), then confirm as personal or
 * shared with a scope, or cancel (the draft is deleted).
 */
export function DraftReview({
  draft,
  canShare,
  departments,
  users,
  onInstalled,
  onCancelled,
}: DraftReviewProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<readonly string[]>(() => draft.skills.map((skill) => skill.id));
  const [target, setTarget] = useState<'personal' | 'shared'>('personal');
  const [share, setShare] = useState<ShareConfig>(DEFAULT_SHARE);
  const path = { params: { path: { id: draft.id } } };
  const confirm = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/install/drafts/{id}/confirm', {
          ...path,
          body:
            target === 'personal'
              ? { target, ids: [...selected] }
              : { target, ids: [...selected], readScope: share.readScope, manageScope: share.manageScope },
        }),
      ),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY });
      onInstalled(result.installed);
    },
  });
  const cancel = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/install/drafts/{id}', path)),
    onSuccess: onCancelled,
  });
  const blocked = selected.length === 0 || (target === 'shared' && shareProblem(share) !== null);
  return (
    <Stack gap="md" data-testid="draft-review">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('install.review.source', { source: draft.source.input })}
      </Text>
      {draft.warnings.map((warning) => (
        <Alert key={warning} color="yellow">
          {warning}
        </Alert>
      ))}
      {draft.skills.length === 0 ? null : (
        <Checkbox.Group
          label={<Title order={3}>{t('install.review.found', { count: draft.skills.length })}</Title>}
          value={[...selected]}
          onChange={setSelected}
        >
          <Stack gap="sm" mt="xs">
            {draft.skills.map((skill) => (
              <Card key={skill.id} withBorder padding="sm" data-testid="draft-skill">
                <Checkbox value={skill.id} label={<Text fw={600}>{skill.name}</Text>} />
                <Text size="xs" c="dimmed" ff="monospace">
                  {skill.id}
                </Text>
                <Text size="sm" mt={4}>
                  {skill.description}
                </Text>
                <Text size="xs" mt={6} fw={600}>
                  {t('install.review.files', { count: skill.files.length })}
                </Text>
                <List size="xs" ff="monospace">
                  {skill.files.map((file) => (
                    <List.Item key={file.path}>
                      {file.path} ({file.size} B){file.executable ? ' *' : ''}
                    </List.Item>
                  ))}
                </List>
                <DependencySummary dependencies={skill.dependencies} />
                {[...skill.warnings].map((warning) => (
                  <Text key={warning} size="xs" c="yellow.8">
                    {warning}
                  </Text>
                ))}
                <DiagnosticList diagnostics={skill.diagnostics} />
              </Card>
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {draft.failed.length === 0 ? null : (
        <section aria-labelledby="draft-failed">
          <Title order={3} id="draft-failed" c="red">
            {t('install.review.failed', { count: draft.failed.length })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('install.review.failedHint')}
          </Text>
          <Stack gap="sm" mt="xs">
            {draft.failed.map((failure) => (
              <Card key={failure.sourcePath} withBorder padding="sm" data-testid="draft-failed">
                <Group gap="xs">
                  <Text fw={600}>{failure.name ?? failure.sourcePath}</Text>
                  <Badge color="red" variant="light">
                    {t('install.review.notInstallable')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {failure.sourcePath}
                </Text>
                <ApiErrorMessage error={failure} />
                <DiagnosticList diagnostics={failure.diagnostics} />
              </Card>
            ))}
          </Stack>
        </section>
      )}
      {draft.skills.length === 0 ? null : (
        <>
          <Radio.Group
            label={t('install.review.target')}
            value={target}
            onChange={(value) => setTarget(value as 'personal' | 'shared')}
          >
            <Group mt={4}>
              <Radio value="personal" label={t('install.review.personal')} />
              {canShare ? <Radio value="shared" label={t('install.review.shared')} /> : null}
            </Group>
          </Radio.Group>
          {target === 'shared' ? (
            <ScopeEditor value={share} onChange={setShare} departments={departments} users={users} />
          ) : null}
        </>
      )}
      {confirm.isError ? <ApiErrorMessage error={confirm.error} /> : null}
      {cancel.isError ? <ApiErrorMessage error={cancel.error} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => cancel.mutate()} loading={cancel.isPending}>
          {t('install.review.cancel')}
        </Button>
        {draft.skills.length === 0 ? null : (
          <Button onClick={() => confirm.mutate()} loading={confirm.isPending} disabled={blocked}>
            {t('install.review.confirm', { count: selected.length })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function DependencySummary({
  dependencies,
}: {
  readonly dependencies: components['schemas']['DraftSkill']['dependencies'];
}) {
  const { t } = useTranslation();
  const rows = (
    [
      ['tools', dependencies.tools],
      ['mcpServers', dependencies.mcpServers],
      ['skills', dependencies.skills],
    ] as const
  ).filter(([, list]) => list.length > 0);
  if (rows.length === 0) return null;
  return (
    <Stack gap={0} mt={4}>
      {rows.map(([key, list]) => (
        <Text key={key} size="xs">
          {t(`dependencies.${key}`)}:{' '}
          <Text span ff="monospace" size="xs">
            {list.join(', ')}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
