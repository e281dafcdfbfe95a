import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DiagnosticList } from './diagnostic-list';
import type { SkillTextReading } from './frontmatter-diagnostics';

/** The live check of SKILL.md under its editor: "checked on save", valid, or its diagnostics. */
export function FrontmatterStatus({ reading }: { readonly reading: SkillTextReading }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} mt="sm" data-testid="frontmatter-diagnostics">
      {!reading.checked ? (
        <Text size="sm" c="dimmed">
          {t('editor.checkedOnSave')}
        </Text>
      ) : reading.diagnostics.length === 0 ? (
        <Text size="sm" c="teal">
          {t('editor.valid')}
        </Text>
      ) : (
        <DiagnosticList diagnostics={reading.diagnostics} />
      )}
    </Stack>
  );
}
