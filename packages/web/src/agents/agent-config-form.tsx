import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { isAdmin, useMe } from '../auth/use-me';
import { useSharedSkills } from '../skills/skill-queries';
import { useUnsavedChanges } from '../skills/use-unsaved-guard';
import { ApiErrorMessage } from '../ui/api-error-message';
import { useLabelledPill } from '../ui/labelled-pill';
import {
  type AgentFormValues,
  agentPatch,
  effectivePreloads,
  formFromAgent,
  MODEL_KEYWORDS,
  modelProblem,
  preloadable,
  type SkillsMode,
  saveProblems,
  toolSuggestions,
} from './agent-form';
import { AGENTS_QUERY_KEY, type Agent, useAgents, useAgentTools } from './agent-queries';

/** The model selectors an admin may pick: each configured provider's `<provider>:<model>`. */
function useProviderModels(enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: ['model-providers', 'selectors'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/model-providers'))).providers,
    enabled,
    select: (providers) =>
      providers.flatMap((provider) =>
        [...new Set([provider.defaultModel, provider.fastModel ?? '', ...provider.models])]
          .filter((model) => model !== '')
          .map((model) => `${provider.id}:${model}`),
      ),
  });
}

/** Keeps picked ids the listing no longer offers (disabled, unreadable), so they stay visible and removable. */
function withValues(options: { value: string; label: string }[], values: readonly string[]) {
  const known = new Set(options.map((option) => option.value));
  return [
    ...options,
    ...values.filter((value) => !known.has(value)).map((value) => ({ value, label: value })),
  ];
}

/**
 * An agent's configuration (SPEC W3, Y8): name, description, system prompt, model, skills (all,
 * a pick of the readable ones, none) and preloads, tools, MCP servers, subagents and — for admins —
 * the shell's network. One save sends the changed fields (PATCH); the server's refusals are shown
 * at the fields they name. Read-only for builtin agents and for viewers who may not edit.
 */
export function AgentConfigForm({ agent }: { readonly agent: Agent }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const renderPill = useLabelledPill();
  const admin = isAdmin(useMe().data);
  const readOnly = agent.builtin || !agent.permissions.edit;
  const [initial, setInitial] = useState<AgentFormValues>(() => formFromAgent(agent));
  const [values, setValues] = useState<AgentFormValues>(initial);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) => {
    setSaved(false);
    setValues((current) => ({ ...current, [key]: value }));
  };

  const shared = useSharedSkills();
  const agents = useAgents();
  const agentTools = useAgentTools();
  const providerModels = useProviderModels(admin && !readOnly);
  const skillOptions = useMemo(
    () =>
      (shared.data ?? []).map((skill) => ({
        value: skill.id,
        label: skill.name === skill.id ? skill.id : `${skill.name} (${skill.id})`,
      })),
    [shared.data],
  );
  const readableIds = useMemo(() => skillOptions.map((option) => option.value), [skillOptions]);
  const preloadIds = preloadable(values, readableIds);
  // Picked or preloaded ids the listing does not offer (disabled, no longer readable) stay visible.
  const preloadOptions = withValues(
    skillOptions.filter((option) => preloadIds.includes(option.value)),
    values.skillsMode === 'pick' ? values.skills : values.skillsMode === 'all' ? values.preloadSkills : [],
  );
  const subagentOptions = withValues(
    (agents.data ?? [])
      .filter((other) => other.id !== agent.id)
      .map((other) => ({ value: other.id, label: other.name })),
    values.subagents,
  );

  const patch = agentPatch(initial, values);
  const dirty = Object.keys(patch).length > 0;
  useUnsavedChanges(dirty);
  const model = modelProblem(values.model);
  const name = values.name.trim() === '' ? t('agents.form.nameRequired') : null;

  const save = useMutation({
    mutationFn: async () =>
      (await unwrap(api.PATCH('/api/agents/{id}', { params: { path: { id: agent.id } }, body: patch })))
        .agent,
    onSuccess: async (next) => {
      const form = formFromAgent(next);
      setInitial(form);
      setValues(form);
      setSaved(true);
      queryClient.setQueryData([...AGENTS_QUERY_KEY, 'one', agent.id], next);
      await queryClient.invalidateQueries({ queryKey: [...AGENTS_QUERY_KEY, 'list'] });
    },
  });
  const problems = save.error === null ? { fields: {}, general: null } : saveProblems(save.error);
  // The server's reason under the field, introduced in the reader's language.
  const fieldError = (field: keyof typeof problems.fields) => {
    const detail = save.isPending ? undefined : problems.fields[field];
    return detail === undefined ? undefined : t('agents.form.fieldProblem', { detail });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && model === null && name === null) save.mutate();
      }}
      aria-label={t('agents.form.title')}
    >
      <Stack gap="md" maw={720}>
        {readOnly ? (
          <Alert color="gray" data-testid="agent-read-only">
            {agent.builtin ? t('agents.form.builtinReadOnly') : t('agents.form.notYours')}
          </Alert>
        ) : null}
        <TextInput
          label={t('agents.form.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          readOnly={readOnly}
          required
          maxLength={100}
          error={name ?? fieldError('name')}
        />
        <Textarea
          label={t('agents.form.description')}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          readOnly={readOnly}
          autosize
          minRows={2}
          maxRows={5}
          error={fieldError('description')}
        />
        <Textarea
          label={t('agents.form.systemPrompt')}
          description={t('agents.form.systemPromptHint')}
          value={values.systemPrompt}
          onChange={(event) => set('systemPrompt', event.currentTarget.value)}
          readOnly={readOnly}
          autosize
          minRows={4}
          maxRows={16}
          error={fieldError('systemPrompt')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Autocomplete
          label={t('agents.form.model')}
          description={admin ? t('agents.form.modelHintAdmin') : t('agents.form.modelHint')}
          value={values.model}
          onChange={(value) => set('model', value)}
          data={[...MODEL_KEYWORDS, ...(providerModels.data ?? [])]}
          readOnly={readOnly}
          error={
            model === 'empty'
              ? t('agents.form.modelRequired')
              : model === 'invalid'
                ? t('agents.form.modelInvalid')
                : fieldError('model')
          }
        />
        <Radio.Group
          label={t('agents.form.skills')}
          description={t('agents.form.skillsHint')}
          value={values.skillsMode}
          onChange={(mode) => set('skillsMode', mode as SkillsMode)}
          error={fieldError('skills')}
        >
          <Group gap="lg" mt={6}>
            {(['all', 'pick', 'none'] as const).map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={t(`agents.form.skillsMode.${mode}`)}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Radio.Group>
        {values.skillsMode === 'pick' ? (
          <MultiSelect
            label={t('agents.form.pickSkills')}
            placeholder={t('agents.form.pickSkillsPlaceholder')}
            data={withValues(skillOptions, values.skills)}
            value={[...values.skills]}
            onChange={(list) => set('skills', list)}
            searchable
            nothingFoundMessage={t('agents.form.noSkillFound')}
            readOnly={readOnly}
            renderPill={readOnly ? undefined : renderPill}
            hidePickedOptions
          />
        ) : null}
        <Checkbox
          label={t('agents.form.preloadAll')}
          checked={values.preloadAll && values.skillsMode !== 'none'}
          onChange={(event) => set('preloadAll', event.currentTarget.checked)}
          disabled={values.skillsMode === 'none' || readOnly}
        />
        <MultiSelect
          label={t('agents.form.preloadSkills')}
          description={t('agents.form.preloadHint')}
          data={preloadOptions}
          value={values.preloadAll ? [] : effectivePreloads(values)}
          onChange={(list) => set('preloadSkills', list)}
          searchable
          nothingFoundMessage={t('agents.form.noSkillFound')}
          disabled={values.skillsMode === 'none' || values.preloadAll}
          readOnly={readOnly}
          renderPill={readOnly ? undefined : renderPill}
          error={fieldError('preloadSkills')}
        />
        <TagsInput
          label={t('agents.form.tools')}
          description={t('agents.form.toolsHint')}
          data={toolSuggestions(agentTools.data ?? [], values.tools)}
          value={[...values.tools]}
          onChange={(list) => set('tools', list)}
          readOnly={readOnly}
          renderPill={readOnly ? undefined : renderPill}
          splitChars={[',', ' ']}
          error={fieldError('tools')}
        />
        <TagsInput
          label={t('agents.form.mcpServers')}
          description={t('agents.form.mcpServersHint')}
          value={[...values.mcpServers]}
          onChange={(list) => set('mcpServers', list)}
          readOnly={readOnly}
          renderPill={readOnly ? undefined : renderPill}
          splitChars={[',', ' ']}
          error={fieldError('mcpServers')}
        />
        <MultiSelect
          label={t('agents.form.subagents')}
          description={t('agents.form.subagentsHint')}
          data={subagentOptions}
          value={[...values.subagents]}
          onChange={(list) => set('subagents', list)}
          searchable
          nothingFoundMessage={t('agents.form.noAgentFound')}
          readOnly={readOnly}
          renderPill={readOnly ? undefined : renderPill}
          error={fieldError('subagents')}
        />
        {admin ? (
          <Switch
            label={t('agents.form.shellNetwork')}
            description={t('agents.form.shellNetworkHint')}
            checked={values.shellNetwork}
            onChange={(event) => set('shellNetwork', event.currentTarget.checked)}
            disabled={readOnly || (!values.tools.includes('shell') && !values.shellNetwork)}
            error={fieldError('shellNetwork')}
          />
        ) : null}
        {problems.general === null || save.isPending ? null : <ApiErrorMessage error={save.error} />}
        {readOnly ? null : (
          <Group gap="sm">
            <Button
              type="submit"
              disabled={!dirty || model !== null || name !== null}
              loading={save.isPending}
            >
              {t('agents.form.save')}
            </Button>
            <Text size="sm" c={dirty ? 'orange' : 'dimmed'} aria-live="polite" data-testid="agent-save-state">
              {dirty ? t('agents.form.unsaved') : saved ? t('agents.form.saved') : t('agents.form.upToDate')}
            </Text>
          </Group>
        )}
      </Stack>
    </form>
  );
}
