import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One changed field of an audited change: its name (`''` for a whole value) and both sides as JSON. */
export interface AuditChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/**
 * The fields an audit entry's `details.before` → `details.after` changed, or null when the entry
 * records no such pair. Objects are compared field by field; anything else as one value.
 * @example auditChanges({ before: { maxTurns: 50 }, after: { maxTurns: 80 } }) // [{ field: 'maxTurns', before: '50', after: '80' }]
 */
export function auditChanges(details: Record<string, unknown>): AuditChange[] | null {
  if (!('before' in details) || !('after' in details)) return null;
  const { before, after } = details;
  if (!isRecord(before) || !isRecord(after))
    return shown(before) === shown(after) ? [] : [{ field: '', before: shown(before), after: shown(after) }];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }))
    .filter((change) => change.before !== change.after);
}

/** An audit entry's details: a before/after table when it records a change, else the details as JSON. */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const changes = auditChanges(details);
  if (changes === null)
    return Object.keys(details).length === 0 ? null : (
      <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{JSON.stringify(details)}</Code>
    );
  if (changes.length === 0) return <Text size="sm">{t('admin.audit.noChange')}</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="xs" data-testid="audit-diff">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('admin.audit.field')}</Table.Th>
          <Table.Th>{t('admin.audit.before')}</Table.Th>
          <Table.Th>{t('admin.audit.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Td ff="monospace">{change.field}</Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              <del style={{ color: 'var(--mantine-color-red-text)' }}>{change.before}</del>
            </Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              <ins style={{ color: 'var(--mantine-color-green-text)', textDecoration: 'none' }}>
                {change.after}
              </ins>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A target as people read it: a user's or department's name, a token's name from the entry,
 * else its type and id.
 */
export function auditTargetName(
  entry: { targetType: string; targetId: string | null; details: Record<string, unknown> },
  names: { users: ReadonlyMap<string, string>; departments: ReadonlyMap<string, string> },
): string {
  const id = entry.targetId;
  if (id === null) return entry.targetType;
  const known =
    entry.targetType === 'user'
      ? names.users.get(id)
      : entry.targetType === 'department'
        ? names.departments.get(id)
        : entry.targetType === 'api_token' && typeof entry.details.name === 'string'
          ? entry.details.name
          : undefined;
  return known === undefined ? `${entry.targetType} ${id}` : `${entry.targetType} ${known}`;
}
