import type { ModelToolCall } from '../model/conversation.js';

const MAIN_ARGUMENT_KEYS = ['path', 'command', 'pattern', 'name', 'description', 'query'];

/**
 * A tool call in a few words for progress lines: the tool and its main argument, cut to 60
 * characters, e.g. `read_file src/a.ts`.
 */
export function describeToolName(call: ModelToolCall): string {
  let input: unknown;
  try {
    input = JSON.parse(call.arguments);
  } catch {
    return call.name;
  }
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const key = MAIN_ARGUMENT_KEYS.find((candidate) => typeof record[candidate] === 'string');
  if (key === undefined) return call.name;
  const value = String(record[key]).split('\n', 1)[0] ?? '';
  return `${call.name} ${value.length > 60 ? `${value.slice(0, 59)}…` : value}`;
}
