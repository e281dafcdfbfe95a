/**
 * The text family of SPEC W4: Title, Text, Caption, Badge, Icon. Every value is rendered as a
 * React text node — plain text, never HTML or Markdown.
 */
import { Badge, Text, Title } from '@mantine/core';
import type { WidgetNodeOf } from '@skilldock/core/widgets';
import { WidgetIcon } from './icons';
import { MANTINE_COLOR, textColor } from './widget-colors';

const TITLE_ORDER = { sm: 5, md: 4, lg: 3 } as const;
const WEIGHT = { normal: 400, medium: 500, semibold: 600, bold: 700 } as const;

/** A one-line heading. */
export function WidgetTitle({ node }: { readonly node: WidgetNodeOf<'Title'> }) {
  return (
    <Title data-widget="Title" order={TITLE_ORDER[node.size ?? 'md']} style={{ overflowWrap: 'anywhere' }}>
      {node.value}
    </Title>
  );
}

/** A few lines of body text, optionally sized, weighted and coloured. */
export function WidgetText({ node }: { readonly node: WidgetNodeOf<'Text'> }) {
  return (
    <Text
      data-widget="Text"
      size={node.size ?? 'md'}
      fw={WEIGHT[node.weight ?? 'normal']}
      style={{ color: textColor(node.color), whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {node.value}
    </Text>
  );
}

/** Small secondary text: dates, sources, notes. */
export function WidgetCaption({ node }: { readonly node: WidgetNodeOf<'Caption'> }) {
  return (
    <Text data-widget="Caption" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {node.value}
    </Text>
  );
}

const BADGE_VARIANT = { solid: 'filled', soft: 'light', outline: 'outline' } as const;

/** A status or a category. */
export function WidgetBadge({ node }: { readonly node: WidgetNodeOf<'Badge'> }) {
  return (
    <Badge
      data-widget="Badge"
      color={MANTINE_COLOR[node.color ?? 'secondary']}
      variant={BADGE_VARIANT[node.variant ?? 'soft']}
      style={{ flexShrink: 0 }}
    >
      {node.label}
    </Badge>
  );
}

/** A named icon (see icons.tsx). */
export function WidgetIconNode({ node }: { readonly node: WidgetNodeOf<'Icon'> }) {
  return <WidgetIcon name={node.name} color={node.color} size={node.size} />;
}
