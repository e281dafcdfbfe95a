import type { ConversationMessage, ModelToolCall } from '../model/conversation.js';

/**
 * The tool calls of the last assistant message that have no result after it yet: the calls a
 * resumed run must still answer (an interrupted approval, a process that ended mid-turn).
 * @example callsWithoutResult([{ role: 'assistant', content: '', toolCalls: [call] }]) // [call]
 */
export function callsWithoutResult(messages: readonly ConversationMessage[]): ModelToolCall[] {
  const last = messages.findLastIndex((message) => message.role === 'assistant');
  const assistant = messages[last];
  if (assistant?.role !== 'assistant') return [];
  const answered = new Set(
    messages.slice(last + 1).flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])),
  );
  return (assistant.toolCalls ?? []).filter((call) => !answered.has(call.id));
}
