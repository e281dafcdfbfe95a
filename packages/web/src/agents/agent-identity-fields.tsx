import { Autocomplete, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgentFieldsProps } from './use-agent-config-form';

/** Props of {@link AgentIdentityFields}. */
export interface AgentIdentityFieldsProps extends AgentFieldsProps {
  /** Admins are told the providers' models may be picked too. */
  readonly admin: boolean;
  readonly modelOptions: string[];
  /** Why the name cannot be saved, or null. */
  readonly nameProblem: string | null;
  /** Why the model cannot be saved, or null. */
  readonly modelProblem: 'empty' | 'invalid' | null;
}

/** Who the agent is and what it runs on: its name, description, system prompt and model. */
export function AgentIdentityFields({
  values,
  set,
  readOnly,
  fieldError,
  admin,
  modelOptions,
  nameProblem,
  modelProblem,
}: AgentIdentityFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('agents.form.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        readOnly={readOnly}
        required
        maxLength={100}
        error={nameProblem ?? fieldError('name')}
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
        data={modelOptions}
        readOnly={readOnly}
        error={
          modelProblem === 'empty'
            ? t('agents.form.modelRequired')
            : modelProblem === 'invalid'
              ? t('agents.form.modelInvalid')
              : fieldError('model')
        }
      />
    </>
  );
}
