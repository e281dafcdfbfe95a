import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../api/generated/openapi';

export type Diagnostic = components['schemas']['Diagnostic'];

/** Where a diagnostic points: `SKILL.md:3:7`, `SKILL.md:3` or `SKILL.md`. */
export function diagnosticPlace(diagnostic: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  const parts = [diagnostic.file ?? 'SKILL.md'];
  if (diagnostic.line !== undefined) parts.push(String(diagnostic.line));
  if (diagnostic.line !== undefined && diagnostic.column !== undefined) parts.push(String(diagnostic.column));
  return parts.join(':');
}

/** Diagnostics with their severity, place (file and line) and message, the CLI's wording. */
export function DiagnosticList({
  diagnostics,
}: {
  readonly diagnostics: readonly Pick<
    Diagnostic,
    'code' | 'severity' | 'message' | 'file' | 'line' | 'column'
  >[];
}) {
  const { t } = useTranslation();
  if (diagnostics.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label={t('diagnostics.label')}>
      {diagnostics.map((diagnostic) => (
        <List.Item key={`${diagnosticPlace(diagnostic)} ${diagnostic.code} ${diagnostic.message}`}>
          <Text span size="sm" c={diagnostic.severity === 'error' ? 'red' : 'yellow.8'} fw={600}>
            {t(diagnostic.severity === 'error' ? 'diagnostics.error' : 'diagnostics.warning')}
          </Text>{' '}
          <Text span size="sm" ff="monospace">
            {diagnosticPlace(diagnostic)}
          </Text>{' '}
          <Text span size="sm">
            {diagnostic.message}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
