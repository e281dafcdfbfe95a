import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../ui/format-date-time';
import { shortRevision } from './short-revision';
import type { SkillRevision } from './skill-history-api';

/**
 * One saved revision of a skill: its short id, action, whether it is current or no longer stored,
 * author and time, and — for a stored revision that is not current — "Compare" and "Restore".
 */
export function SkillRevisionItem({
  entry,
  current,
  compared,
  readOnly,
  onCompare,
  onRestore,
}: {
  readonly entry: SkillRevision;
  readonly current: boolean;
  /** Whether its diff with now is shown. */
  readonly compared: boolean;
  readonly readOnly: boolean;
  readonly onCompare: () => void;
  readonly onRestore: () => void;
}) {
  const { t, i18n } = useTranslation();
  const short = shortRevision(entry.revision);
  return (
    <Card component="li" withBorder padding="sm" data-revision={entry.revision}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Group gap="xs">
            <Text ff="monospace" fw={600}>
              {short}
            </Text>
            <Badge variant="light">{t(`history.action.${entry.action}`)}</Badge>
            {current ? (
              <Badge variant="light" color="teal">
                {t('history.current')}
              </Badge>
            ) : null}
            {entry.stored ? null : (
              <Badge variant="outline" color="gray">
                {t('history.notStored')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('history.byAt', {
              author: entry.author?.displayName ?? t('history.unknownAuthor'),
              at: formatDateTime(entry.createdAt, i18n.language),
            })}
          </Text>
        </div>
        {entry.stored && !current ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant={compared ? 'filled' : 'default'}
              aria-pressed={compared}
              onClick={onCompare}
              aria-label={t('history.compareLabel', { revision: short })}
            >
              {t('history.compare')}
            </Button>
            {readOnly ? null : (
              <Button
                size="xs"
                variant="default"
                onClick={onRestore}
                aria-label={t('history.restoreLabel', { revision: short })}
              >
                {t('history.restore')}
              </Button>
            )}
          </Group>
        ) : null}
      </Group>
    </Card>
  );
}
