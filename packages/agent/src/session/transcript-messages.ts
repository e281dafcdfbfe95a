import type { ConversationMessage } from '../model/conversation.js';
import type { TranscriptMessage } from '../session/transcript-record.js';

/**
 * A loop message as a transcript line stores it (SPEC G5).
 * @example toTranscriptMessage({ role: 'user', content: 'hi' }) // { role: 'user', text: 'hi' }
 */
export function toTranscriptMessage(message: ConversationMessage): TranscriptMessage {
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        text: message.content,
        ...(message.origin === undefined ? {} : { origin: message.origin }),
      };
    case 'assistant':
      return {
        role: 'assistant',
        text: message.content,
        ...(message.toolCalls === undefined
          ? {}
          : { toolCalls: message.toolCalls.map((call) => ({ ...call })) }),
      };
    case 'tool':
      return {
        role: 'tool',
        text: message.content,
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        isError: message.isError,
      };
  }
}

/**
 * A stored transcript message back as a loop message, to resume a session.
 * @example fromTranscriptMessage({ role: 'user', text: 'hi' }) // { role: 'user', content: 'hi' }
 */
export function fromTranscriptMessage(message: TranscriptMessage): ConversationMessage {
  if (message.role === 'user') {
    return {
      role: 'user',
      content: message.text,
      ...(message.origin === undefined ? {} : { origin: message.origin }),
    };
  }
  if (message.role === 'assistant') {
    return {
      role: 'assistant',
      content: message.text,
      ...(message.toolCalls === undefined || message.toolCalls.length === 0
        ? {}
        : { toolCalls: message.toolCalls.map((call) => ({ ...call })) }),
    };
  }
  return {
    role: 'tool',
    toolCallId: message.toolCallId ?? '',
    toolName: message.toolName ?? '',
    content: message.text,
    isError: message.isError ?? false,
  };
}
