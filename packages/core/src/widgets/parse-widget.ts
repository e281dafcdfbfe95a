/**
 * One ```widget fence's content → a widget or the list of what is wrong with it (SPEC W4): never
 * a silently "fixed" widget. The checks run cheapest first — size, JSON syntax, the component
 * shapes, then the rules across nodes — and a later check runs only when the earlier ones pass.
 */
import type { z } from 'zod';
import { parseJson } from './parse-json.js';
import { type WidgetNode, widgetNodeSchema } from './schema.js';

/**
 * The largest fence content a widget may have: 64 KiB of UTF-8. The largest real widget (a form
 * of a dozen fields, a chart of eight series of a few hundred points) is a few KiB; above this the
 * text is refused before any parsing, so a runaway model cannot stall the page.
 */
export const MAX_WIDGET_BYTES = 64 * 1024;

/** One reason a fence's content is not a widget. */
export type WidgetProblem =
  | {
      /** Larger than {@link MAX_WIDGET_BYTES}: not parsed at all. */
      readonly kind: 'too_large';
      readonly message: string;
      readonly bytes: number;
      readonly limit: number;
    }
  | {
      /** Not strict JSON; `line` and `column` (1-based) point at the offending character. */
      readonly kind: 'json';
      readonly message: string;
      readonly line: number;
      readonly column: number;
    }
  | {
      /**
       * JSON, but not the shape of a component (`schema`: an unknown type or property, a wrong
       * type or value) or breaking a rule across nodes (`rule`: a form's submit button, a button's
       * action). `path` is where, as `$` (the root), `$.children[0].label`, ….
       */
      readonly kind: 'schema' | 'rule';
      readonly message: string;
      readonly path: string;
    };

/** A fence's content parsed: the widget, or every problem found at the first failing check. */
export type WidgetParseResult =
  | { readonly valid: true; readonly widget: WidgetNode }
  | { readonly valid: false; readonly problems: readonly WidgetProblem[] };

/** The length of a text in UTF-8 bytes, without encoding it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4; // a surrogate pair: one code point of four bytes
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** A JSON path as `$`, `$.children[0].label` (the notation of {@link WidgetProblem}'s `path`). */
export function formatWidgetPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    '$',
  );
}

/**
 * One problem as one English line, e.g. `invalid JSON at line 3, column 5: expected ',' or '}'…`
 * or `$.children[0].colour: unknown property`.
 */
export function formatWidgetProblem(problem: WidgetProblem): string {
  switch (problem.kind) {
    case 'too_large':
    case 'rule':
      return problem.message;
    case 'json':
      return `invalid JSON at line ${problem.line}, column ${problem.column}: ${problem.message}`;
    case 'schema':
      return `${problem.path}: ${problem.message}`;
  }
}

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null && Object.hasOwn(value, key)
        ? (value as Record<PropertyKey, unknown>)[key]
        : undefined,
    root,
  );

/** zod's issues in the words of the skill that teaches the widgets (its field tables). */
function schemaProblems(json: unknown, issues: readonly z.core.$ZodIssue[]): WidgetProblem[] {
  return issues.flatMap((issue): WidgetProblem[] => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        kind: 'schema',
        path: formatWidgetPath([...issue.path, key]),
        message: 'unknown property',
      }));
    const path = formatWidgetPath(issue.path);
    if (issue.code === 'invalid_union' && issue.path.at(-1) === 'type') {
      const type = valueAt(json, issue.path);
      return [
        {
          kind: 'schema',
          path,
          message:
            typeof type === 'string'
              ? `unknown component type "${type}"`
              : 'missing component type (a "type" such as "Card")',
        },
      ];
    }
    return [{ kind: 'schema', path, message: issue.message }];
  });
}

/**
 * The rules across nodes that no single component's shape can say (SPEC W4): a form holds exactly
 * one submit button and unique field names; a submit button lives in a form; every other button
 * sends a message.
 */
export function widgetTreeProblems(root: WidgetNode): WidgetProblem[] {
  const problems: WidgetProblem[] = [];
  const rule = (path: readonly PropertyKey[], message: string) =>
    problems.push({ kind: 'rule', path: formatWidgetPath(path), message });
  const visit = (node: WidgetNode, path: readonly PropertyKey[], inForm: boolean) => {
    if (node.type === 'Button') {
      if (node.submit === true && !inForm) rule(path, 'a submit Button outside a Form');
      if (node.submit !== true && node.onClickAction === undefined)
        rule(path, `Button "${node.label}" has no onClickAction`);
    }
    if (node.type === 'Form') {
      const nodes = widgetNodes(node).slice(1);
      const submits = nodes.filter((child) => child.type === 'Button' && child.submit === true);
      if (submits.length !== 1) rule(path, `a Form with ${submits.length} submit Buttons`);
      const names = nodes.flatMap((child) =>
        'name' in child && typeof child.name === 'string' ? [child.name] : [],
      );
      if (new Set(names).size !== names.length) rule(path, 'a Form with repeated field names');
    }
    if ('children' in node)
      node.children.forEach((child, index) => {
        visit(child, [...path, 'children', index], inForm || node.type === 'Form');
      });
  };
  visit(root, [], false);
  return problems;
}

/** Every node of a widget tree, depth first, the root first. */
export function widgetNodes(root: WidgetNode): WidgetNode[] {
  return [root, ...('children' in root ? root.children.flatMap((child) => widgetNodes(child)) : [])];
}

/**
 * Parses one ```widget fence's content: at most {@link MAX_WIDGET_BYTES}, strict JSON, the W4
 * component shapes, the rules across nodes.
 * @example parseWidget('{"type":"Caption","value":"Source: …"}') // { valid: true, widget: { type: 'Caption', … } }
 */
export function parseWidget(content: string): WidgetParseResult {
  const bytes = utf8ByteLength(content);
  if (bytes > MAX_WIDGET_BYTES)
    return {
      valid: false,
      problems: [
        {
          kind: 'too_large',
          bytes,
          limit: MAX_WIDGET_BYTES,
          message: `the widget is ${bytes} bytes, more than the limit of ${MAX_WIDGET_BYTES}`,
        },
      ],
    };
  const json = parseJson(content);
  if (!json.ok) {
    const { message, line, column } = json;
    return { valid: false, problems: [{ kind: 'json', message, line, column }] };
  }
  const parsed = widgetNodeSchema.safeParse(json.value);
  if (!parsed.success) return { valid: false, problems: schemaProblems(json.value, parsed.error.issues) };
  const problems = widgetTreeProblems(parsed.data);
  return problems.length === 0 ? { valid: true, widget: parsed.data } : { valid: false, problems };
}
