/**
 * The chat widget JSON of SPEC W4 — one zod schema for the web app's renderer, the builtin
 * `chat-widgets` skill's examples (held to it by a server test) and anyone else who reads a
 * widget: ChatKit-named components, strict objects (an unknown field is an error, never silently
 * dropped), https-only URLs, charts with labelled axes, a unit and a source line.
 * Browser-safe: zod only.
 */
import { z } from 'zod';

/** The semantic colours a widget may name; the renderer maps them onto the theme. */
export const WIDGET_COLORS = ['secondary', 'success', 'danger', 'warning', 'info', 'discovery'] as const;
/** The icons a widget may name. */
export const WIDGET_ICON_NAMES = [
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
const color = z.enum(WIDGET_COLORS);
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

/**
 * One widget node: any component of {@link WIDGET_COMPONENTS}, chosen by its `type`. The union
 * refers to itself through `children`, so the components are built lazily.
 */
export const widgetNodeSchema: z.ZodType<WidgetNode> = z.lazy(() => {
  const { Card, ...others } = WIDGET_COMPONENTS;
  return z.discriminatedUnion('type', [Card, ...Object.values(others)]);
}) as z.ZodType<unknown> as z.ZodType<WidgetNode>;
// Typed as unknown so that the components' own types do not refer to themselves.
const anyNode: z.ZodType<unknown> = z.lazy(() => widgetNodeSchema);
const children = z.array(anyNode).min(1);

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
export const WIDGET_COMPONENTS = {
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
    name: z.enum(WIDGET_ICON_NAMES),
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
    iconStart: z.enum(WIDGET_ICON_NAMES).optional(),
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
export type WidgetType = keyof typeof WIDGET_COMPONENTS;

type Shape<Type extends WidgetType> = z.infer<(typeof WIDGET_COMPONENTS)[Type]>;
type Container<Type extends 'Card' | 'Row' | 'Col' | 'Form'> = Omit<Shape<Type>, 'children'>;

/** A parsed `Card`. Containers hold parsed nodes in `children`. */
export interface CardNode extends Container<'Card'> {
  readonly children: WidgetNode[];
}
/** A parsed `Row`. */
export interface RowNode extends Container<'Row'> {
  readonly children: WidgetNode[];
}
/** A parsed `Col`. */
export interface ColNode extends Container<'Col'> {
  readonly children: WidgetNode[];
}
/** A parsed `Form`. */
export interface FormNode extends Container<'Form'> {
  readonly children: WidgetNode[];
}

/** A parsed widget node of any type (narrow it on `type`). */
export type WidgetNode =
  | CardNode
  | RowNode
  | ColNode
  | FormNode
  | Shape<Exclude<WidgetType, 'Card' | 'Row' | 'Col' | 'Form'>>;

/** A parsed widget node of one type. */
export type WidgetNodeOf<Type extends WidgetType> = Extract<WidgetNode, { type: Type }>;

/** The semantic colour names. */
export type WidgetColor = (typeof WIDGET_COLORS)[number];

/** The icon names. */
export type WidgetIconName = (typeof WIDGET_ICON_NAMES)[number];
