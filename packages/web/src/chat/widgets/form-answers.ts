/**
 * A widget form's answers (SPEC W4), apart from React: its fields, their starting values, the
 * checks on submit (required, dates within min–max, numbers) and the one readable user message a
 * valid submit sends — a "label: value" line per field, nothing from the editor or attachments.
 */
import { type FormNode, type WidgetNode, type WidgetNodeOf, widgetNodes } from '@skilldock/core/widgets';

/** A field of a form. */
export type FieldNode = WidgetNodeOf<'Input' | 'Textarea' | 'RadioGroup' | 'DatePicker'>;

/** The current value of each field, by name. */
export type FormValues = Readonly<Record<string, string>>;

/** Why a field's value cannot be sent (the page words it, in the user's language). */
export type FieldError =
  | { readonly code: 'required' | 'number' | 'email' | 'date' }
  | { readonly code: 'dateBefore'; readonly min: string }
  | { readonly code: 'dateAfter'; readonly max: string };

const FIELD_TYPES = new Set(['Input', 'Textarea', 'RadioGroup', 'DatePicker']);

/** Whether a node is a form field. */
export const isField = (node: WidgetNode): node is FieldNode => FIELD_TYPES.has(node.type);

/** Every field of a form, in order, wherever it sits in the form's tree. */
export const formFields = (form: FormNode): FieldNode[] => widgetNodes(form).filter(isField);

/** Whether a field spans the form's full width: textareas and radio groups of three or more options. */
export const isWideField = (node: WidgetNode): boolean =>
  node.type === 'Textarea' || (node.type === 'RadioGroup' && node.options.length >= 3);

/** Each field's starting value: its `defaultValue`, else empty. */
export function initialValues(fields: readonly FieldNode[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? '']));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isRealDate = (value: string) => {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};

/** What is wrong with one field's value, or undefined when it can be sent. */
export function fieldError(field: FieldNode, value: string): FieldError | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return field.required === true ? { code: 'required' } : undefined;
  if (field.type === 'DatePicker') {
    if (!isRealDate(trimmed)) return { code: 'date' };
    if (field.min !== undefined && trimmed < field.min) return { code: 'dateBefore', min: field.min };
    if (field.max !== undefined && trimmed > field.max) return { code: 'dateAfter', max: field.max };
  }
  if (field.type === 'Input' && field.inputType === 'number' && !Number.isFinite(Number(trimmed)))
    return { code: 'number' };
  if (field.type === 'Input' && field.inputType === 'email' && !/^[^\s@]+@[^\s@]+$/.test(trimmed))
    return { code: 'email' };
  if (field.type === 'RadioGroup' && !field.options.some((option) => option.value === value))
    return { code: 'required' };
  return undefined;
}

/** The problems of every field that has one, by name. */
export function formErrors(fields: readonly FieldNode[], values: FormValues): Record<string, FieldError> {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const error = fieldError(field, values[field.name] ?? '');
      return error === undefined ? [] : [[field.name, error]];
    }),
  );
}

/** A value as the user saw it: a radio choice by its label. */
function displayValue(field: FieldNode, value: string): string {
  if (field.type === 'RadioGroup')
    return field.options.find((option) => option.value === value)?.label ?? value;
  return value.trim();
}

/**
 * The user message of a valid submit: one `label: value` line per field in form order (`—` for an
 * empty optional field; the later lines of a multi-line answer indented).
 * @example answersMessage(fields, { topic: 'Review', day: '2026-12-10' }) // 'Topic: Review\nDay: 2026-12-10'
 */
export function answersMessage(fields: readonly FieldNode[], values: FormValues): string {
  return fields
    .map((field) => {
      const value = displayValue(field, values[field.name] ?? '');
      return `${field.label}: ${value === '' ? '—' : value.replace(/\r?\n/g, '\n  ')}`;
    })
    .join('\n');
}
