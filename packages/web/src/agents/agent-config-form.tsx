import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAdmin, useMe } from '../auth/use-me';
import { ApiErrorMessage } from '../ui/api-error-message';
import { AgentCapabilityFields } from './agent-capability-fields';
import { AgentIdentityFields } from './agent-identity-fields';
import type { Agent } from './agent-queries';
import { AgentSaveBar } from './agent-save-bar';
import { AgentSkillFields } from './agent-skill-fields';
import { type AgentFieldsProps, useAgentConfigForm } from './use-agent-config-form';
import { useAgentFormOptions } from './use-agent-form-options';

/**
 * An agent's configuration (SPEC W3, Y8): name, description, system prompt, model, skills (all,
 * a pick of the readable ones, none) and preloads, tools, MCP servers, subagents and — for admins —
 * the shell's network. One save sends the changed fields (PATCH); the server's refusals are shown
 * at the fields they name. Read-only for builtin agents and for viewers who may not edit.
 */
export function AgentConfigForm({ agent }: { readonly agent: Agent }) {
  const { t } = useTranslation();
  const admin = isAdmin(useMe().data);
  const readOnly = agent.builtin || !agent.permissions.edit;
  const form = useAgentConfigForm(agent);
  const options = useAgentFormOptions(agent, form.values, admin && !readOnly);
  const fields: AgentFieldsProps = {
    values: form.values,
    set: form.set,
    readOnly,
    fieldError: form.fieldError,
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
      aria-label={t('agents.form.title')}
    >
      <Stack gap="md" maw={720}>
        {readOnly ? (
          <Alert color="gray" data-testid="agent-read-only">
            {agent.builtin ? t('agents.form.builtinReadOnly') : t('agents.form.notYours')}
          </Alert>
        ) : null}
        <AgentIdentityFields
          {...fields}
          admin={admin}
          modelOptions={options.models}
          nameProblem={form.name}
          modelProblem={form.model}
        />
        <AgentSkillFields
          {...fields}
          pickOptions={options.pickSkills}
          preloadOptions={options.preloadSkills}
        />
        <AgentCapabilityFields
          {...fields}
          admin={admin}
          toolOptions={options.tools}
          subagentOptions={options.subagents}
        />
        {form.generalProblem === null ? null : <ApiErrorMessage error={form.save.error} />}
        {readOnly ? null : (
          <AgentSaveBar
            canSave={form.canSave}
            saving={form.save.isPending}
            dirty={form.dirty}
            saved={form.saved}
          />
        )}
      </Stack>
    </form>
  );
}
