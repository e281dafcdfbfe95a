import type { ModelToolCall } from '@skilldock/agent/model';

const MAIN_ARGUMENT_KEYS = ['path', 'file_path', 'command', 'pattern', 'name', 'query', 'url', 'question'];
const MAX_SUMMARY = 80;

/**
 * One line naming a tool call for activity output: the tool and its main argument, e.g.
 * `read_file src/a.ts`, `shell npm test`, `activate_skill release-notes`.
 */
export function describeToolCall(call: ModelToolCall): string {
  let input: unknown;
  try {
    input = JSON.parse(call.arguments);
  } catch {
    return `${call.name} ${shorten(call.arguments)}`.trimEnd();
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return call.name;
  const record = input as Record<string, unknown>;
  const key = MAIN_ARGUMENT_KEYS.find((candidate) => typeof record[candidate] === 'string');
  if (key !== undefined) return `${call.name} ${shorten(String(record[key]))}`;
  const rest = JSON.stringify(record);
  return rest === '{}' ? call.name : `${call.name} ${shorten(rest)}`;
}

/** First line of `text`, cut to `limit` characters. */
export function shorten(text: string, limit = MAX_SUMMARY): string {
  const line = text.split('\n', 1)[0] ?? '';
  const cut = line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
  return text.includes('\n') && cut === line ? `${cut} …` : cut;
}
