import { Button, FileInput, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SkilldockError } from '@skilldock/core/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { saveProblems } from './agent-form';
import { AGENTS_QUERY_KEY, useAgentTools } from './agent-queries';
import { BoundSkillImportRefusal, importBoundSkill } from './bound-skill-import';

/**
 * "New agent": a name, a description and optionally a ZIP (`POST /api/agents`), then its page to
 * configure the rest. The ZIP (issue 24 item 5) becomes the agent's bound skill through the upload
 * import; it is all or nothing: when the server refuses the ZIP, the agent just created is deleted
 * again and the form stays open with the reasons, so no agent is left half-made. Only if that
 * delete fails too is the user told the agent exists without its skill (`agentKept`).
 */
export function NewAgentModal({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [zip, setZip] = useState<File | null>(null);
  // The seed's default: a new agent starts with the standard tools (the Assistant's) the viewer may add.
  const agentTools = useAgentTools();
  const standardTools = (agentTools.data ?? [])
    .filter((tool) => tool.standard && tool.mayAdd)
    .map((tool) => tool.name);
  // Until the tool list has arrived the standard tools are unknown: creating then would make an
  // agent without tools. A failed list does not block creating (tools can be added in the form).
  const toolsPending = agentTools.data === undefined && !agentTools.isError;
  const create = useMutation({
    mutationFn: async () => {
      const { agent } = await unwrap(
        api.POST('/api/agents', {
          body: {
            name: name.trim(),
            description,
            systemPrompt: '',
            model: 'inherit',
            // Issue 26 (seed 002): a new agent sees every skill its user may read.
            skills: 'all',
            preloadSkills: [],
            tools: standardTools,
            mcpServers: [],
            subagents: [],
            shellNetwork: false,
          },
        }),
      );
      if (zip === null) return agent;
      try {
        await importBoundSkill(api, agent.id, zip);
      } catch (refused) {
        const kept = await unwrap(
          api.DELETE('/api/agents/{id}', { params: { path: { id: agent.id } } }),
        ).then(
          () => false,
          () => true,
        );
        throw new SkilldockError('agent_zip_refused', (refused as Error).message, {
          cause: refused,
          details: { agentKept: kept, agentId: agent.id },
        });
      }
      return agent;
    },
    onSuccess: async (agent) => {
      await queryClient.invalidateQueries({ queryKey: AGENTS_QUERY_KEY });
      onClose();
      void navigate(`/agents/${agent.id}`);
    },
    // An agent kept after a refused ZIP is in the list now.
    onError: () => queryClient.invalidateQueries({ queryKey: AGENTS_QUERY_KEY }),
  });
  const zipRefused =
    SkilldockError.isInstance(create.error) && create.error.code === 'agent_zip_refused'
      ? create.error
      : null;
  const problems = create.error === null || zipRefused !== null ? null : saveProblems(create.error);
  const fieldProblem = (detail: string | undefined) =>
    detail === undefined ? undefined : t('agents.form.fieldProblem', { detail });
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
            error={fieldProblem(problems?.fields.name)}
          />
          <Textarea
            label={t('agents.form.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            autosize
            minRows={2}
            error={fieldProblem(problems?.fields.description)}
          />
          <FileInput
            label={t('agents.new.zip')}
            description={t('agents.new.zipHint')}
            placeholder={t('agents.new.zipPlaceholder')}
            accept=".zip,.tar.gz,.tgz,.md,application/zip,application/gzip,text/markdown"
            value={zip}
            onChange={(file) => {
              setZip(file);
              create.reset();
            }}
            clearable
            data-testid="new-agent-zip"
          />
          {zipRefused === null ? null : (
            <BoundSkillImportRefusal error={zipRefused.cause as Error} title={t('agents.new.zipRefused')}>
              <Text size="sm" fw={600}>
                {zipRefused.details.agentKept === true
                  ? t('agents.new.zipAgentKept')
                  : t('agents.new.zipNothingCreated')}
              </Text>
            </BoundSkillImportRefusal>
          )}
          {problems?.general == null ? null : <ApiErrorMessage error={create.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={name.trim() === '' || toolsPending} loading={create.isPending}>
              {t('agents.new.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
