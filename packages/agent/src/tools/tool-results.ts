import type { ToolResult } from '@skilldock/core/runtime';

/** A successful tool result holding `content`. */
export function textResult(content: string): ToolResult {
  return { content, isError: false };
}

/** A failed tool result: the model reads `message` and can correct itself. */
export function errorResult(message: string): ToolResult {
  return { content: message, isError: true };
}
