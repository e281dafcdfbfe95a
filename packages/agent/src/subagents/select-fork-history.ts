import type { ConversationMessage } from '../model/conversation.js';

/** How much of the parent's conversation a fork inherits (SPEC A4): all of it, or the last N real user turns. */
export type ForkTurns = 'all' | number;

/**
 * The result every open call of the fork's inherited turn gets. One text for every call and
 * every fork, so parallel forks share the whole prefix up to their directives (SPEC A4).
 */
export const FORK_PLACEHOLDER_RESULT = 'Fork started: this call runs on in the background.';

/**
 * The conversation a fork starts from (SPEC A4): the parent's messages up to and including the
 * assistant message that started it (`all`, or from the N-th last real user prompt — tool results
 * and host signals are not turns), and a placeholder result for each of that message's calls,
 * so the history is valid and identical for every fork started in that turn. Results of calls
 * that ran before the fork in the same turn are left out for the same reason.
 * @example selectForkHistory(messages, 2) // from the second-last user prompt on
 */
export function selectForkHistory(
  messages: readonly ConversationMessage[],
  turns: ForkTurns,
): ConversationMessage[] {
  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant');
  const upTo = lastAssistant < 0 ? messages.length : lastAssistant + 1;
  let start = 0;
  if (turns !== 'all') {
    let seen = 0;
    for (let index = upTo - 1; index >= 0; index--) {
      const message = messages[index]!;
      if (message.role === 'user' && message.origin !== 'signal' && ++seen === turns) {
        start = index;
        break;
      }
    }
  }
  const history = messages.slice(start, upTo);
  const assistant = lastAssistant < 0 ? undefined : messages[lastAssistant];
  if (assistant?.role === 'assistant') {
    for (const call of assistant.toolCalls ?? []) {
      history.push({
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: FORK_PLACEHOLDER_RESULT,
        isError: false,
      });
    }
  }
  return history;
}

/**
 * The fork's prompt: what it is, the rules it works under (no agents, no questions to the user),
 * an optional profile hint, and the task (SPEC A4).
 */
export function forkDirective(task: string, promptHint?: string): string {
  return [
    '<fork-directive>',
    'You are a fork of the agent above: you share its conversation, tools and working folder, and work on your own in the background.',
    'Do the task below yourself, directly. Do not start other agents. Never ask the user anything: if you are blocked, stop and report the blocker.',
    'End with a concise report of what you did and found; it goes to the agent that started you.',
    ...(promptHint === undefined ? [] : [promptHint]),
    '',
    `Task: ${task}`,
    '</fork-directive>',
  ].join('\n');
}
