import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/api-error';
import { type Diagnostic, DiagnosticList } from '../skills/diagnostic-list';
import { SKILLS_QUERY_KEY } from '../skills/skill-queries';

/**
 * The folder of a run file named SKILL.md (`''` for the run folder itself), or undefined for any
 * other file: the folders "Save as personal skill" is offered for.
 * @example skillFolderOf('minutes/SKILL.md') // 'minutes'
 */
export function skillFolderOf(path: string): string | undefined {
  const parts = path.split('/');
  if (parts.at(-1) !== 'SKILL.md') return undefined;
  return parts.slice(0, -1).join('/');
}

/** The save's refusals that have their own words; any other shows the server's message. */
const KNOWN_REFUSALS = new Set([
  'skill_exists',
  'invalid_skill',
  'no_skill_file',
  'run_active',
  'symlink_refused',
  'symlink_in_package',
  'secret_in_package',
  'too_many_entries',
  'archive_too_large_expanded',
]);

/**
 * "Save as personal skill" for one folder of a run's files (issue 24 item 3): one click sends the
 * folder through the server's upload path and shows a link to the new skill, or why it was refused
 * (in the reader's language, with the server's detail and the SKILL.md's diagnostics below).
 */
export function SaveRunSkill({
  runId,
  folder,
  children,
}: {
  readonly runId: string;
  readonly folder: string;
  /** The SKILL.md's own row (its link and size); the button goes beside it. */
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/runs/{id}/files/save-as-skill', {
          params: { path: { id: runId } },
          body: { folder },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY }),
  });
  const shownFolder = folder === '' ? t('chat.files.runFolder') : folder;
  const error = save.error;
  const refusal = error instanceof ApiError ? error : undefined;
  const diagnostics = Array.isArray(refusal?.details.diagnostics)
    ? (refusal.details.diagnostics as Diagnostic[])
    : [];
  return (
    <Stack gap={4} data-testid="save-run-skill">
      <Group gap="xs" wrap="nowrap">
        {children}
        {save.data === undefined ? (
          <Button
            size="compact-xs"
            variant="light"
            loading={save.isPending}
            onClick={() => save.mutate()}
            aria-label={t('chat.files.saveAsSkillFolder', { folder: shownFolder })}
          >
            {t('chat.files.saveAsSkill')}
          </Button>
        ) : null}
      </Group>
      {save.data === undefined ? null : (
        <Text size="xs" role="status">
          {t('chat.files.saved', { id: save.data.installed.id })}{' '}
          <Anchor component={Link} to={`/my-skills/${encodeURIComponent(save.data.installed.id)}`} size="xs">
            {t('chat.files.openSkill', { id: save.data.installed.id })}
          </Anchor>
        </Text>
      )}
      {error === null ? null : (
        <Alert color="red" role="alert" p="xs">
          <Text size="sm">
            {refusal !== undefined && KNOWN_REFUSALS.has(refusal.code)
              ? t(`chat.files.saveRefused.${refusal.code}` as 'chat.files.saveRefused.skill_exists', {
                  id: String(refusal.details.id ?? ''),
                })
              : t('chat.files.saveFailed')}
          </Text>
          <Text size="xs" c="dimmed">
            {error.message}
          </Text>
          {diagnostics.length === 0 ? null : <DiagnosticList diagnostics={diagnostics} />}
        </Alert>
      )}
    </Stack>
  );
}
