import type { ToolDeclaration } from '@skilldock/core/runtime';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions/completions';
import type { ConversationMessage } from './conversation.js';

/** The system prompt and conversation as Chat Completions messages. */
export function toOpenAIMessages(
  system: string,
  messages: readonly ConversationMessage[],
): ChatCompletionMessageParam[] {
  const converted: ChatCompletionMessageParam[] = system === '' ? [] : [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'user') {
      converted.push(
        message.attachments === undefined || message.attachments.length === 0
          ? { role: 'user', content: message.content }
          : // `video_url` is the OpenAI-compatible video part (DashScope Qwen-VL/Omni, vLLM); the SDK's types lack it.
            ({
              role: 'user',
              content: [
                { type: 'text', text: message.content },
                ...message.attachments.map((attachment) => ({
                  type: 'video_url',
                  video_url: { url: attachment.dataUrl },
                })),
              ],
            } as unknown as ChatCompletionMessageParam),
      );
    } else if (message.role === 'tool') {
      converted.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.content });
    } else if (message.toolCalls !== undefined && message.toolCalls.length > 0) {
      converted.push({
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      });
    } else {
      converted.push({ role: 'assistant', content: message.content });
    }
  }
  return converted;
}

/** Tool declarations as Chat Completions function tools. */
export function toOpenAIFunctionTools(tools: readonly ToolDeclaration[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema as Record<string, unknown>,
    },
  }));
}
