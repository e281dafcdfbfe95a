import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The conversation's "always allow" rules as badges, each with a button that forgets it. */
export function AlwaysAllowedRules({
  rules,
  onForget,
  forgetting,
}: {
  readonly rules: readonly string[];
  readonly onForget: (tool: string) => void;
  /** A rule is being forgotten: the buttons wait. */
  readonly forgetting: boolean;
}) {
  const { t } = useTranslation();
  if (rules.length === 0) return null;
  return (
    <Group gap="xs" data-testid="always-rules">
      <Text size="xs" c="dimmed">
        {t('chat.rules.label')}
      </Text>
      {rules.map((tool) => (
        <Badge
          key={tool}
          variant="outline"
          style={{ textTransform: 'none' }}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t('chat.rules.forget', { tool })}
              onClick={() => onForget(tool)}
              disabled={forgetting}
            />
          }
        >
          {tool}
        </Badge>
      ))}
    </Group>
  );
}
