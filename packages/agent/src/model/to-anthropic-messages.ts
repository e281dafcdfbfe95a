import type {
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ToolDeclaration } from '@skilldock/core/runtime';
import type { ConversationMessage } from './conversation.js';
import { ModelError } from './model-error.js';

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * The conversation as Messages API turns. Tool results become `tool_result` blocks of a user turn;
 * consecutive turns of one role are merged, since the API wants them alternating.
 */
export function toAnthropicMessages(messages: readonly ConversationMessage[]): MessageParam[] {
  const turns: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    if (blocks.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const message of messages) {
    if (message.role === 'user') {
      if ((message.attachments ?? []).length > 0) {
        throw new ModelError(
          'model_input_unsupported',
          'The Anthropic Messages protocol cannot carry a video; use a video-capable model behind an OpenAI-compatible provider.',
        );
      }
      push('user', message.content === '' ? [] : [{ type: 'text', text: message.content }]);
    } else if (message.role === 'tool') {
      push('user', [
        {
          type: 'tool_result',
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(message.isError ? { is_error: true } : {}),
        },
      ]);
    } else {
      const blocks: ContentBlockParam[] =
        message.content === '' ? [] : [{ type: 'text', text: message.content }];
      for (const call of message.toolCalls ?? []) {
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: parseInput(call.arguments) });
      }
      push('assistant', blocks);
    }
  }
  return turns;
}

/** The system prompt as one cached block: it is the stable head of every request (SPEC R1). */
export function toAnthropicSystem(system: string): TextBlockParam[] | undefined {
  return system === '' ? undefined : [{ type: 'text', text: system, cache_control: EPHEMERAL }];
}

/** Tool declarations, the last one marked for caching so the whole stable prefix is cached. */
export function toAnthropicToolList(tools: readonly ToolDeclaration[]): Tool[] {
  return tools.map((tool, index) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema as Tool['input_schema'],
    ...(index === tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
  }));
}

// The API wants an object; a model that wrote broken JSON is told so by the tool result instead.
function parseInput(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
