/**
 * The chat widget JSON of SPEC W4 as the builtin `chat-widgets` skill teaches it
 * (`builtin/chat-widgets/references/*.md`): ChatKit-named components, strict objects (an unknown
 * field is an error, never silently dropped), charts with labelled axes, a unit and a source line.
 * The tests hold every example of the skill to it, so the skill and this shape cannot drift apart.
 */
import { z } from 'zod';

const SEMANTIC_COLORS = ['secondary', 'success', 'danger', 'warning', 'info', 'discovery'] as const;
const ICON_NAMES = [
  'info',
  'check',
  'check-circle',
  'warning',
  'calendar',
  'clock',
  'map-pin',
  'globe',
  'star',
  'user',
  'mail',
  'phone',
  'chart',
  'document',
  'search',
  'sparkle',
  'bolt',
  'lightbulb',
] as const;

const size = z.enum(['sm', 'md', 'lg']);
const color = z.enum(SEMANTIC_COLORS);
const gap = z.number().int().min(0).max(8);
const align = z.enum(['start', 'center', 'end', 'stretch']);
const text = z.string().min(1);
const fieldName = z.string().regex(/^[A-Za-z0-9_-]+$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const httpsUrl = z.string().refine((value) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an https:// URL');

// The node union refers to itself through `children`; the components below are built lazily.
export const widgetNodeSchema: z.ZodType<unknown> = z.lazy(() => {
  const { Card, ...others } = W4_COMPONENTS;
  return z.discriminatedUnion('type', [Card, ...Object.values(others)]);
});
const children = z.array(widgetNodeSchema).min(1);

const chart = (type: 'BarChart' | 'LineChart') =>
  z
    .strictObject({
      type: z.literal(type),
      title: text,
      xAxis: z.strictObject({ label: text }),
      yAxis: z.strictObject({ label: text, unit: text }),
      labels: z.array(z.string()).min(1),
      series: z
        .array(z.strictObject({ name: text, values: z.array(z.number().nullable()) }))
        .min(1)
        .max(8),
      source: text,
      sourceUrl: httpsUrl.optional(),
    })
    .refine((value) => value.series.every((series) => series.values.length === value.labels.length), {
      message: 'every series has one value per label',
    });

const messageAction = z.strictObject({
  type: z.literal('message'),
  payload: z.strictObject({ text }),
});

/** Every W4 component by its `type`, each a strict object (its fields are exactly its shape's keys). */
export const W4_COMPONENTS = {
  Card: z.strictObject({ type: z.literal('Card'), size: size.optional(), children }),
  Row: z.strictObject({
    type: z.literal('Row'),
    children,
    gap: gap.optional(),
    align: align.optional(),
    justify: z.enum(['start', 'center', 'end', 'between']).optional(),
  }),
  Col: z.strictObject({ type: z.literal('Col'), children, gap: gap.optional(), align: align.optional() }),
  Spacer: z.strictObject({ type: z.literal('Spacer'), minSize: z.number().int().min(0).max(64).optional() }),
  Divider: z.strictObject({ type: z.literal('Divider'), spacing: gap.optional() }),
  Title: z.strictObject({ type: z.literal('Title'), value: text, size: size.optional() }),
  Text: z.strictObject({
    type: z.literal('Text'),
    value: text,
    size: size.optional(),
    weight: z.enum(['normal', 'medium', 'semibold', 'bold']).optional(),
    color: color.optional(),
  }),
  Caption: z.strictObject({ type: z.literal('Caption'), value: text }),
  Badge: z.strictObject({
    type: z.literal('Badge'),
    label: text,
    color: color.optional(),
    variant: z.enum(['solid', 'soft', 'outline']).optional(),
  }),
  Icon: z.strictObject({
    type: z.literal('Icon'),
    name: z.enum(ICON_NAMES),
    color: color.optional(),
    size: size.optional(),
  }),
  Image: z.strictObject({
    type: z.literal('Image'),
    src: httpsUrl,
    alt: text,
    caption: text.optional(),
    fit: z.enum(['cover', 'contain']).optional(),
    height: z.number().int().min(40).max(640).optional(),
  }),
  Button: z.strictObject({
    type: z.literal('Button'),
    label: text,
    onClickAction: messageAction.optional(),
    submit: z.boolean().optional(),
    style: z.enum(['primary', 'secondary']).optional(),
    iconStart: z.enum(ICON_NAMES).optional(),
  }),
  Form: z.strictObject({ type: z.literal('Form'), children }),
  Input: z.strictObject({
    type: z.literal('Input'),
    name: fieldName,
    label: text,
    inputType: z.enum(['text', 'number', 'email', 'tel', 'url']).optional(),
    placeholder: z.string().optional(),
    defaultValue: z.string().optional(),
    required: z.boolean().optional(),
  }),
  Textarea: z.strictObject({
    type: z.literal('Textarea'),
    name: fieldName,
    label: text,
    placeholder: z.string().optional(),
    defaultValue: z.string().optional(),
    rows: z.number().int().min(2).max(12).optional(),
    required: z.boolean().optional(),
  }),
  RadioGroup: z
    .strictObject({
      type: z.literal('RadioGroup'),
      name: fieldName,
      label: text,
      options: z.array(z.strictObject({ label: text, value: text })).min(2),
      defaultValue: z.string().optional(),
      required: z.boolean().optional(),
    })
    .refine(
      (value) =>
        value.defaultValue === undefined ||
        value.options.some((option) => option.value === value.defaultValue),
      { message: 'defaultValue is one of the option values' },
    ),
  DatePicker: z
    .strictObject({
      type: z.literal('DatePicker'),
      name: fieldName,
      label: text,
      min: isoDate.optional(),
      max: isoDate.optional(),
      defaultValue: isoDate.optional(),
      required: z.boolean().optional(),
    })
    .refine((value) => value.min === undefined || value.max === undefined || value.min <= value.max, {
      message: 'min is not after max',
    }),
  BarChart: chart('BarChart'),
  LineChart: chart('LineChart'),
} as const;

/** The component types of SPEC W4. */
export type W4ComponentType = keyof typeof W4_COMPONENTS;

interface WidgetNode {
  readonly type: string;
  readonly children?: readonly WidgetNode[];
  readonly [field: string]: unknown;
}

/** Every node of a widget tree, depth first. */
export function widgetNodes(root: WidgetNode): WidgetNode[] {
  return [root, ...(root.children ?? []).flatMap((child) => widgetNodes(child))];
}

/**
 * The rules across nodes that no single component's shape can say (SPEC W4): a form holds exactly
 * one submit button and unique field names; a submit button lives in a form; every other button
 * sends a message.
 */
export function widgetTreeProblems(root: WidgetNode): string[] {
  const problems: string[] = [];
  const visit = (node: WidgetNode, inForm: boolean) => {
    if (node.type === 'Button') {
      if (node.submit === true && !inForm) problems.push('a submit Button outside a Form');
      if (node.submit !== true && node.onClickAction === undefined)
        problems.push(`Button "${String(node.label)}" has no onClickAction`);
    }
    if (node.type === 'Form') {
      const nodes = widgetNodes(node);
      const submits = nodes.filter((child) => child.type === 'Button' && child.submit === true);
      if (submits.length !== 1) problems.push(`a Form with ${submits.length} submit Buttons`);
      const names = nodes.flatMap((child) =>
        typeof child.name === 'string' && child !== node ? [child.name] : [],
      );
      if (new Set(names).size !== names.length) problems.push('a Form with repeated field names');
    }
    for (const child of node.children ?? []) visit(child, inForm || node.type === 'Form');
  };
  visit(root, false);
  return problems;
}

/**
 * What is wrong with one ```widget fence's content (strict JSON, the W4 shapes, the rules across
 * nodes); an empty list for a valid widget.
 * @example widgetProblems('{"type":"Caption","value":"Source: …"}') // []
 */
export function widgetProblems(content: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return [`invalid JSON: ${(error as Error).message}`];
  }
  const parsed = widgetNodeSchema.safeParse(json);
  if (!parsed.success) return [z.prettifyError(parsed.error)];
  return widgetTreeProblems(parsed.data as WidgetNode);
}
