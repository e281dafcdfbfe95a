import { Checkbox, Group, MultiSelect, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLabelledPill } from '../ui/labelled-pill';
import { effectivePreloads, type SkillsMode } from './agent-form';
import type { AgentFieldsProps } from './use-agent-config-form';
import type { FieldOption } from './use-agent-form-options';

/** Props of {@link AgentSkillFields}. */
export interface AgentSkillFieldsProps extends AgentFieldsProps {
  readonly pickOptions: FieldOption[];
  readonly preloadOptions: FieldOption[];
}

/** Which skills the agent may use (all, a pick, none) and which it preloads. */
export function AgentSkillFields({
  values,
  set,
  readOnly,
  fieldError,
  pickOptions,
  preloadOptions,
}: AgentSkillFieldsProps) {
  const { t } = useTranslation();
  const renderPill = useLabelledPill();
  return (
    <>
      <Radio.Group
        label={t('agents.form.skills')}
        description={t('agents.form.skillsHint')}
        value={values.skillsMode}
        onChange={(mode) => set('skillsMode', mode as SkillsMode)}
        error={fieldError('skills')}
      >
        <Group gap="lg" mt={6}>
          {(['all', 'pick', 'none'] as const).map((mode) => (
            <Radio key={mode} value={mode} label={t(`agents.form.skillsMode.${mode}`)} disabled={readOnly} />
          ))}
        </Group>
      </Radio.Group>
      {values.skillsMode === 'pick' ? (
        <MultiSelect
          label={t('agents.form.pickSkills')}
          placeholder={t('agents.form.pickSkillsPlaceholder')}
          data={pickOptions}
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
    </>
  );
}
