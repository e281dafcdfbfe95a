import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { useUnsavedChanges } from '../skills/use-unsaved-guard';
import {
  type AgentField,
  type AgentFormValues,
  type AgentSaveProblems,
  agentPatch,
  formFromAgent,
  modelProblem,
  saveProblems,
} from './agent-form';
import { AGENTS_QUERY_KEY, type Agent } from './agent-queries';

/** What every group of the agent form's fields gets: the values, a setter and the save's refusals. */
export interface AgentFieldsProps {
  readonly values: AgentFormValues;
  readonly set: <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) => void;
  readonly readOnly: boolean;
  /** The server's refusal of the last save at `field`, in the reader's words; undefined when none. */
  readonly fieldError: (field: AgentField) => string | undefined;
}

/**
 * The state of an agent's form (SPEC W3): the values and those last saved, whether they differ
 * (guarded against leaving), the name's and model's problems, and the save — one PATCH of the
 * changed fields, whose refusals are placed at the fields they name.
 */
export function useAgentConfigForm(agent: Agent) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState<AgentFormValues>(() => formFromAgent(agent));
  const [values, setValues] = useState<AgentFormValues>(initial);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) => {
    setSaved(false);
    setValues((current) => ({ ...current, [key]: value }));
  };

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
  const problems: AgentSaveProblems =
    save.error === null ? { fields: {}, general: null } : saveProblems(save.error);
  // The server's reason under the field, introduced in the reader's language.
  const fieldError = (field: AgentField) => {
    const detail = save.isPending ? undefined : problems.fields[field];
    return detail === undefined ? undefined : t('agents.form.fieldProblem', { detail });
  };
  const canSave = dirty && model === null && name === null;

  return {
    values,
    set,
    saved,
    dirty,
    /** Why the model cannot be saved (`empty`, `invalid`), or null. */
    model,
    /** Why the name cannot be saved, in the reader's words, or null. */
    name,
    canSave,
    submit: () => {
      if (canSave) save.mutate();
    },
    save,
    /** A refusal no field names: shown as one message above the save button. */
    generalProblem: save.isPending ? null : problems.general,
    fieldError,
  };
}
