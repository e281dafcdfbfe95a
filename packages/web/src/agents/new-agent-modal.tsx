import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { saveProblems } from './agent-form';
import { AGENTS_QUERY_KEY } from './agent-queries';

/** "New agent": a name and a description (`POST /api/agents`), then its page to configure the rest. */
export function NewAgentModal({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          api.POST('/api/agents', {
            body: {
              name: name.trim(),
              description,
              systemPrompt: '',
              model: 'inherit',
              // Issue 26 (seed 002): a new agent sees every skill its user may read.
              skills: 'all',
              preloadSkills: [],
              tools: [],
              mcpServers: [],
              subagents: [],
              shellNetwork: false,
            },
          }),
        )
      ).agent,
    onSuccess: async (agent) => {
      await queryClient.invalidateQueries({ queryKey: AGENTS_QUERY_KEY });
      onClose();
      void navigate(`/agents/${agent.id}`);
    },
  });
  const problems = create.error === null ? null : saveProblems(create.error);
  return (
    <Modal opened onClose={onClose} title={t('agents.new.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() !== '') create.mutate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('agents.form.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            maxLength={100}
            data-autofocus
            error={problems?.fields.name}
          />
          <Textarea
            label={t('agents.form.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            autosize
            minRows={2}
            error={problems?.fields.description}
          />
          {problems?.general == null ? null : <ApiErrorMessage error={create.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
              {t('agents.new.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
