import { answerToolCalls, signalText, type ToolAdapterOptions } from './answer-tool-calls.js';
import { type OpenAITool, toOpenAITools } from './provider-tool-shapes.js';
import type { SkillSession } from './skill-session.js';

/**
 * A tool call in an assistant message of the Chat Completions API: a function call, or a custom
 * tool call (answered as a call with text input). The `openai` SDK's `ChatCompletionMessageToolCall`
 * fits this shape.
 */
export interface OpenAIChatToolCall {
  readonly id: string;
  readonly type: string;
  readonly function?: { readonly name: string; readonly arguments: string };
  readonly custom?: { readonly name: string; readonly input: string };
}

/** The answer to one tool call: `{ role: 'tool', tool_call_id, content }`. */
export interface OpenAIChatToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string;
}

/** A user message carrying change signals (SPEC R7). */
export interface OpenAIChatUserMessage {
  readonly role: 'user';
  readonly content: string;
}

/** The session's tools and their handler for the OpenAI Chat Completions API (SPEC I4). */
export interface OpenAIChatAdapter {
  /** `tools` for `chat.completions.create`: the session's declarations, unchanged all session (R1). */
  readonly tools: OpenAITool[];
  /**
   * Answers an assistant message's `tool_calls`: one `role: 'tool'` message per call, in order,
   * then a user message with the change signals the calls produced, if any. Never throws.
   */
  handleToolCalls(
    toolCalls: readonly OpenAIChatToolCall[] | null | undefined,
  ): Promise<(OpenAIChatToolMessage | OpenAIChatUserMessage)[]>;
  /** Signals queued since the last call (a catalog refresh between prompts), as a user message. */
  signalMessages(): OpenAIChatUserMessage[];
}

/**
 * Ready tools and handler for the Chat Completions API: declare `tools`, append the assistant
 * message and what {@link OpenAIChatAdapter.handleToolCalls} returns, and ask again.
 * @example
 * const skills = createOpenAIChatAdapter(session);
 * const completion = await openai.chat.completions.create({ model, messages, tools: skills.tools });
 * const message = completion.choices[0].message;
 * messages.push(message, ...(await skills.handleToolCalls(message.tool_calls)));
 */
export function createOpenAIChatAdapter(
  session: SkillSession,
  options: ToolAdapterOptions = {},
): OpenAIChatAdapter {
  const asMessages = (signals: readonly string[]): OpenAIChatUserMessage[] => {
    const text = signalText(signals);
    return text === undefined ? [] : [{ role: 'user', content: text }];
  };
  return {
    tools: toOpenAITools(session.tools),
    async handleToolCalls(toolCalls) {
      const calls = (toolCalls ?? []).map((call) => ({
        id: call.id,
        name: call.function?.name ?? call.custom?.name ?? '',
        input: call.function?.arguments ?? call.custom?.input,
      }));
      const { answers, signals } = await answerToolCalls(session, calls, options);
      return [
        ...answers.map(
          ({ id, result }): OpenAIChatToolMessage => ({
            role: 'tool',
            tool_call_id: id,
            content: result.content,
          }),
        ),
        ...asMessages(signals),
      ];
    },
    signalMessages: () => asMessages(session.drainSignals()),
  };
}
