import type { ConversationMessage } from '../../model/conversation.js';

/** Characters of transcript a review reads by default (the latest part is kept). */
export const DEFAULT_REVIEW_TRANSCRIPT_CHARACTERS = 60_000;

/** Characters of one tool call's arguments or result shown to the review. */
const PART_CHARACTERS = 1_500;

/**
 * The session's messages as plain text for the review agent: user prompts and answers whole, tool
 * calls and results cut to a few lines each; the oldest part is dropped past `budget`. Tool
 * results were scrubbed of configured secrets when they were made (SPEC SEC3).
 */
export function renderReviewTranscript(
  messages: readonly ConversationMessage[],
  budget = DEFAULT_REVIEW_TRANSCRIPT_CHARACTERS,
): string {
  const parts = messages.map((message) => {
    if (message.role === 'user')
      return `USER${message.origin === 'signal' ? ' (host note)' : ''}: ${message.content}`;
    if (message.role === 'tool')
      return `TOOL RESULT ${message.toolName}${message.isError ? ' (error)' : ''}: ${cut(message.content)}`;
    const calls = (message.toolCalls ?? []).map((call) => `TOOL CALL ${call.name} ${cut(call.arguments)}`);
    return [message.content === '' ? undefined : `ASSISTANT: ${message.content}`, ...calls]
      .filter((line) => line !== undefined)
      .join('\n');
  });
  const text = parts.join('\n\n');
  return text.length <= budget
    ? text
    : `[… earlier part of the session left out …]\n${text.slice(text.length - budget)}`;
}

function cut(text: string): string {
  return text.length <= PART_CHARACTERS
    ? text
    : `${text.slice(0, PART_CHARACTERS)} […${text.length - PART_CHARACTERS} more characters]`;
}
