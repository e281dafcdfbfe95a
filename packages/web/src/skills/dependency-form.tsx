import { Stack, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SkillDependencies } from './skill-edit-state';

/** The tools, MCP servers and skills a skill needs (its frontmatter's `*_dependencies`). */
export function DependencyForm({
  value,
  onChange,
  readOnly,
}: {
  readonly value: SkillDependencies;
  readonly onChange: (value: SkillDependencies) => void;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  const field = (key: keyof SkillDependencies) => (
    <TagsInput
      label={t(`dependencies.${key}`)}
      description={t(`dependencies.${key}Hint`)}
      value={[...value[key]]}
      onChange={(list) => onChange({ ...value, [key]: list })}
      readOnly={readOnly}
      clearable={!readOnly}
      splitChars={[',', ' ']}
    />
  );
  return (
    <Stack gap="md" maw={640}>
      {field('tools')}
      {field('mcpServers')}
      {field('skills')}
    </Stack>
  );
}
