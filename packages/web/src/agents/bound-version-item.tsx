import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../ui/format-date-time';
import type { BoundSkillVersion } from './agent-queries';

/** One released version of a bound skill: its name, whether it is the saved content, date, note, and actions. */
export function BoundVersionItem({
  version,
  readOnly,
  onRestore,
  onDelete,
}: {
  readonly version: BoundSkillVersion;
  /** Without edit rights the version has no Restore or Delete. */
  readonly readOnly: boolean;
  readonly onRestore: () => void;
  readonly onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card component="li" withBorder padding="sm" data-version={version.name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Group gap="xs">
            <Text ff="monospace" fw={600}>
              {version.name}
            </Text>
            {version.current ? (
              <Badge variant="light" color="teal">
                {t('agents.history.current')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(version.createdAt, i18n.language)}
          </Text>
          {version.note === '' ? null : <Text size="sm">{version.note}</Text>}
        </div>
        {readOnly ? null : (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={onRestore}
              aria-label={t('agents.history.restoreLabel', { name: version.name })}
            >
              {t('agents.history.restore')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={t('agents.history.deleteLabel', { name: version.name })}
            >
              {t('agents.history.delete')}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
