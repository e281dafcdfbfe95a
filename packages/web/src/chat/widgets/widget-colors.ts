/**
 * The semantic colours of a widget (SPEC W4) mapped onto the Mantine theme, so they follow the
 * light and dark schemes: Mantine's `-text` variables are its readable shade in each scheme.
 */
import type { WidgetColor } from '@skilldock/core/widgets';

/** The Mantine palette of each semantic colour. */
export const MANTINE_COLOR: Readonly<Record<WidgetColor, string>> = {
  secondary: 'gray',
  success: 'green',
  danger: 'red',
  warning: 'orange',
  info: 'blue',
  discovery: 'violet',
};

/** A CSS colour for text of a semantic colour, readable in both themes. */
export function textColor(color: WidgetColor | undefined): string | undefined {
  if (color === undefined) return undefined;
  return color === 'secondary'
    ? 'var(--mantine-color-dimmed)'
    : `var(--mantine-color-${MANTINE_COLOR[color]}-text)`;
}

/** A widget gap (0–8) as CSS: steps of a quarter rem. */
export const gapSize = (gap: number | undefined, fallback: number) => `${(gap ?? fallback) * 0.25}rem`;
