import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SkilldockError } from '@skilldock/core/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { DiagnosticList } from './diagnostic-list';
import { newSkillMarkdown } from './new-skill-template';
import { SKILLS_QUERY_KEY } from './skill-queries';
import { useSkillTextReading } from './use-skill-text-reading';

/**
 * "New skill" (issue 24 item 3): a name and a description become a personal skill with a generated
 * SKILL.md. The text is checked live with core's parser (the CLI's diagnostics), which also shows
 * the id it gets — pinyin for a Chinese name. Creating goes through the install flow the server
 * already checks (upload the SKILL.md as a draft, confirm it as personal), then opens the editor.
 */
export function NewSkillModal({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const filled = name.trim() !== '' && description.trim() !== '';
  const text = newSkillMarkdown(name, description);
  const reading = useSkillTextReading(useDeferredValue(filled ? text : undefined));
  const hasErrors = reading?.diagnostics.some((diagnostic) => diagnostic.severity === 'error') ?? false;

  const create = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      form.append('file', new File([text], 'SKILL.md', { type: 'text/markdown' }), 'SKILL.md');
      const { draft } = await unwrap(
        api.POST('/api/install/drafts/upload', {
          body: form as never,
          bodySerializer: (body) => body as unknown as FormData,
        }),
      );
      const confirmed = await unwrap(
        api.POST('/api/install/drafts/{id}/confirm', {
          params: { path: { id: draft.id } },
          body: { target: 'personal' },
        }),
      );
      const installed = confirmed.installed[0];
      if (installed === undefined)
        throw new SkilldockError('skill_create_failed', t('newSkill.nothingCreated'));
      return installed.id;
    },
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY });
      onClose();
      await navigate(`/my-skills/${encodeURIComponent(id)}`);
    },
  });

  return (
    <Modal opened onClose={onClose} title={t('newSkill.title')} size="lg" data-testid="new-skill-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (filled && !hasErrors && reading?.checked !== false) create.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('newSkill.hint')}
          </Text>
          <TextInput
            label={t('newSkill.name')}
            description={t('newSkill.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={128}
            required
            data-autofocus
          />
          <Textarea
            label={t('newSkill.description')}
            description={t('newSkill.descriptionHint')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            rows={3}
            maxLength={1024}
            required
          />
          <div aria-live="polite" data-testid="new-skill-check">
            {!filled || reading === null ? null : reading.checked ? (
              <Stack gap={4}>
                {reading.id === null ? null : (
                  <Text size="sm">
                    {t('newSkill.id')}{' '}
                    <Text span ff="monospace" fw={600}>
                      {reading.id}
                    </Text>
                  </Text>
                )}
                {reading.diagnostics.length === 0 ? (
                  <Text size="sm" c="teal">
                    {t('newSkill.valid')}
                  </Text>
                ) : (
                  <DiagnosticList diagnostics={reading.diagnostics} />
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('newSkill.checking')}
              </Text>
            )}
          </div>
          {create.isError ? <ApiErrorMessage error={create.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!filled || hasErrors} loading={create.isPending}>
              {t('newSkill.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
