/**
 * The layout family of SPEC W4: Card, Row, Col, Spacer, Divider. They receive their children
 * already rendered, so this module knows nothing of the other components.
 */
import { Divider } from '@mantine/core';
import type { CardNode, ColNode, RowNode, WidgetNodeOf } from '@skilldock/core/widgets';
import type { ReactNode } from 'react';
import { gapSize } from './widget-colors';

const CARD_WIDTH = { sm: '22rem', md: '36rem', lg: '100%' } as const;
const ALIGN = { start: 'flex-start', center: 'center', end: 'flex-end', stretch: 'stretch' } as const;
const JUSTIFY = { start: 'flex-start', center: 'center', end: 'flex-end', between: 'space-between' } as const;

/**
 * A card: white in the light theme, charcoal with a thin border in the dark one (chat.css). No
 * size means the body width; `sm` and `md` cap it, `lg` is the full width.
 */
export function WidgetCard({
  node,
  children,
}: {
  readonly node: Omit<CardNode, 'children'>;
  readonly children: ReactNode;
}) {
  return (
    <div
      data-widget="Card"
      data-size={node.size ?? 'body'}
      className="sd-widget-card"
      style={{ maxWidth: node.size === undefined ? '100%' : CARD_WIDTH[node.size] }}
    >
      {children}
    </div>
  );
}

/** Children side by side, wrapping on narrow screens. */
export function WidgetRow({
  node,
  children,
}: {
  readonly node: Omit<RowNode, 'children'>;
  readonly children: ReactNode;
}) {
  return (
    <div
      data-widget="Row"
      className="sd-widget-row"
      style={{
        gap: gapSize(node.gap, 2),
        alignItems: ALIGN[node.align ?? 'center'],
        justifyContent: JUSTIFY[node.justify ?? 'start'],
      }}
    >
      {children}
    </div>
  );
}

/** Children stacked. */
export function WidgetCol({
  node,
  children,
}: {
  readonly node: Omit<ColNode, 'children'>;
  readonly children: ReactNode;
}) {
  return (
    <div
      data-widget="Col"
      className="sd-widget-col"
      style={{ gap: gapSize(node.gap, 2), alignItems: ALIGN[node.align ?? 'stretch'] }}
    >
      {children}
    </div>
  );
}

/** Pushes what follows it to the far end of a Row. */
export function WidgetSpacer({ node }: { readonly node: WidgetNodeOf<'Spacer'> }) {
  return (
    <div
      data-widget="Spacer"
      aria-hidden="true"
      style={{ flex: '1 1 auto', minWidth: node.minSize ?? 0, minHeight: node.minSize ?? 0 }}
    />
  );
}

/** A thin rule between parts of a card. */
export function WidgetDivider({ node }: { readonly node: WidgetNodeOf<'Divider'> }) {
  const spacing = gapSize(node.spacing, 2);
  return <Divider data-widget="Divider" style={{ marginBlock: spacing, alignSelf: 'stretch' }} />;
}
