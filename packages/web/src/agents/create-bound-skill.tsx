import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { AGENTS_QUERY_KEY, boundSkillKey } from './agent-queries';
import { BoundSkillImportRefusal, importBoundSkill } from './bound-skill-import';

/**
 * The first content of an agent's bound skill (SPEC Y6, Y15): a minimal guide to fill in, or one
 * uploaded ZIP (or SKILL.md) — offered only while the agent has none; the server's reasons are
 * shown when it refuses.
 */
export function CreateBoundSkill({ agentId }: { readonly agentId: string }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const inputId = useId();
  // The agent now names its bound skill: refetching it enables the bound skill's query.
  const onCreated = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...AGENTS_QUERY_KEY, 'one', agentId] }),
      queryClient.invalidateQueries({ queryKey: boundSkillKey(agentId) }),
    ]);
  const path = { params: { path: { id: agentId } } };
  const guide = useMutation({
    mutationFn: () => unwrap(api.POST('/api/agents/{id}/bound-skill', path)),
    onSuccess: onCreated,
  });
  const upload = useMutation({
    mutationFn: (file: File) => importBoundSkill(api, agentId, file),
    onSuccess: onCreated,
  });
  const error = guide.error ?? upload.error;
  const pending = guide.isPending || upload.isPending;
  return (
    <Stack gap="sm" data-testid="create-bound-skill">
      <Text size="sm">{t('agents.bound.none')}</Text>
      <Group gap="sm">
        <Button
          onClick={() => {
            upload.reset();
            guide.mutate();
          }}
          loading={guide.isPending}
          disabled={pending}
        >
          {t('agents.bound.createGuide')}
        </Button>
        <input
          id={inputId}
          type="file"
          accept=".zip,.tar.gz,.tgz,.md,application/zip,application/gzip,text/markdown"
          className="visually-hidden-input"
          aria-label={t('agents.bound.uploadLabel')}
          disabled={pending}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file === undefined) return;
            guide.reset();
            upload.mutate(file);
          }}
        />
        <Button component="label" htmlFor={inputId} variant="default" loading={upload.isPending}>
          {t('agents.bound.upload')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('agents.bound.uploadHint')}
      </Text>
      {error === null ? null : (
        <BoundSkillImportRefusal error={error} title={t('agents.bound.createFailed')} />
      )}
    </Stack>
  );
}
