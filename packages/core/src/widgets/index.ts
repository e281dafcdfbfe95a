/**
 * `@skilldock/core/widgets` — the chat widget JSON of SPEC W4, browser-safe (zod only): the
 * component schema, a strict parser of one ```widget fence with located problems, and the scanner
 * that splits an assistant message into Markdown and widgets.
 * @example
 * for (const segment of scanMessage(message)) if (segment.kind === 'widget' && segment.state === 'valid') draw(segment.widget);
 */
export { type JsonParseResult, type JsonSyntaxPosition, MAX_JSON_DEPTH, parseJson } from './parse-json.js';
export {
  formatWidgetPath,
  formatWidgetProblem,
  MAX_WIDGET_BYTES,
  parseWidget,
  utf8ByteLength,
  type WidgetParseResult,
  type WidgetProblem,
  widgetNodes,
  widgetTreeProblems,
} from './parse-widget.js';
export {
  type MessageSegment,
  type ScanMessageOptions,
  scanMessage,
  type WidgetSegment,
} from './scan-message.js';
export {
  type CardNode,
  type ColNode,
  type FormNode,
  type RowNode,
  WIDGET_COLORS,
  WIDGET_COMPONENTS,
  WIDGET_ICON_NAMES,
  type WidgetColor,
  type WidgetIconName,
  type WidgetNode,
  type WidgetNodeOf,
  type WidgetType,
  widgetNodeSchema,
} from './schema.js';
