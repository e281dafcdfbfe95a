import { MultiSelect, Switch, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLabelledPill } from '../ui/labelled-pill';
import type { AgentFieldsProps } from './use-agent-config-form';
import type { FieldOption } from './use-agent-form-options';

/** Props of {@link AgentCapabilityFields}. */
export interface AgentCapabilityFieldsProps extends AgentFieldsProps {
  /** Only admins see the shell's network switch. */
  readonly admin: boolean;
  readonly toolOptions: string[];
  readonly subagentOptions: FieldOption[];
}

/** What the agent may call: its tools, MCP servers, subagents and — for admins — the shell's network. */
export function AgentCapabilityFields({
  values,
  set,
  readOnly,
  fieldError,
  admin,
  toolOptions,
  subagentOptions,
}: AgentCapabilityFieldsProps) {
  const { t } = useTranslation();
  const renderPill = useLabelledPill();
  return (
    <>
      <TagsInput
        label={t('agents.form.tools')}
        description={t('agents.form.toolsHint')}
        data={toolOptions}
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
    </>
  );
}
