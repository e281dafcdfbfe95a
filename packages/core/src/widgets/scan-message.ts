/**
 * An assistant message's Markdown split into what the chat renders differently (SPEC W4): Markdown
 * text, and ```widget fences — still open while the model writes, a parsed widget, or the reasons
 * it is not one. Fences follow CommonMark: an opening line of three or more backticks or tildes
 * indented at most three spaces, closed by a line of the same character at least as long. Only a
 * fence whose info string is exactly `widget` is a widget; every other fence (```html:preview
 * included) stays Markdown, and a ```widget line inside another fence is that fence's text.
 */
import { parseWidget, type WidgetParseResult, type WidgetProblem } from './parse-widget.js';
import type { WidgetNode } from './schema.js';

/** One part of a message, in order. */
export type MessageSegment =
  | { readonly kind: 'markdown'; readonly text: string }
  | {
      readonly kind: 'widget';
      /** No closing fence yet: the model is still writing it (or stopped before closing it). */
      readonly state: 'open';
      readonly source: string;
    }
  | { readonly kind: 'widget'; readonly state: 'valid'; readonly source: string; readonly widget: WidgetNode }
  | {
      readonly kind: 'widget';
      readonly state: 'invalid';
      readonly source: string;
      readonly problems: readonly WidgetProblem[];
    };

/** A widget segment, whatever its state. */
export type WidgetSegment = Extract<MessageSegment, { kind: 'widget' }>;

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** How {@link scanMessage} parses a closed fence. */
export interface ScanMessageOptions {
  /**
   * Parses one closed fence's content; {@link parseWidget} unless given. A renderer that scans a
   * streaming message again on every chunk passes a memoised one, so a finished widget keeps its
   * parsed object (and a chart is not redrawn) while the text after it grows.
   */
  readonly parseWidget?: (content: string) => WidgetParseResult;
}

interface OpenFence {
  readonly marker: string;
  readonly widget: boolean;
  readonly lines: string[];
}

/**
 * Splits a message into Markdown and widget segments; each closed widget fence is parsed with
 * {@link parseWidget}. Markdown segments keep their text exactly (joined by `\n`), and an empty
 * message has no segments.
 * @example scanMessage('Hi\n```widget\n{"type":"Divider"}\n```') // [{ kind: 'markdown', text: 'Hi' }, { kind: 'widget', state: 'valid', … }]
 */
export function scanMessage(markdown: string, options: ScanMessageOptions = {}): MessageSegment[] {
  const parse = options.parseWidget ?? parseWidget;
  const segments: MessageSegment[] = [];
  let text: string[] = [];
  let fence: OpenFence | undefined;

  const flushText = () => {
    if (text.length > 0 && text.some((line) => line.trim() !== ''))
      segments.push({ kind: 'markdown', text: text.join('\n') });
    text = [];
  };

  for (const rawLine of markdown.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (fence !== undefined) {
      const closing = CLOSING_FENCE.exec(line);
      const closes =
        closing !== null && closing[1]![0] === fence.marker[0] && closing[1]!.length >= fence.marker.length;
      if (!fence.widget) {
        text.push(rawLine);
        if (closes) fence = undefined;
        continue;
      }
      if (closes) {
        const source = fence.lines.join('\n');
        const parsed = parse(source);
        segments.push(
          parsed.valid
            ? { kind: 'widget', state: 'valid', source, widget: parsed.widget }
            : { kind: 'widget', state: 'invalid', source, problems: parsed.problems },
        );
        fence = undefined;
      } else fence.lines.push(line);
      continue;
    }
    const opening = OPENING_FENCE.exec(line);
    // A backtick fence's info string has no backticks (CommonMark), so ``` `code` ``` is inline code.
    if (opening !== null && !(opening[1]![0] === '`' && opening[2]!.includes('`'))) {
      const widget = opening[2]!.trim() === 'widget';
      fence = { marker: opening[1]!, widget, lines: [] };
      if (widget) flushText();
      else text.push(rawLine);
      continue;
    }
    text.push(rawLine);
  }
  if (fence?.widget) segments.push({ kind: 'widget', state: 'open', source: fence.lines.join('\n') });
  else flushText();
  return segments;
}
