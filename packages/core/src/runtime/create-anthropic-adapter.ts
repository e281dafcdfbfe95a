import { answerToolCalls, signalText, type ToolAdapterOptions } from './answer-tool-calls.js';
import { type AnthropicTool, toAnthropicTools } from './provider-tool-shapes.js';
import type { SkillSession } from './skill-session.js';

/**
 * A content block of an assistant message. Only `tool_use` blocks (`id`, `name`, `input`) are
 * answered; the `@anthropic-ai/sdk` `ContentBlock` fits this shape.
 */
export interface AnthropicContentBlock {
  readonly type: string;
  readonly id?: string;
  readonly name?: string;
  readonly input?: unknown;
}

/** The answer to one `tool_use` block. */
export interface AnthropicToolResultBlock {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content: string;
  readonly is_error: boolean;
}

/** Change signals (SPEC R7), after the tool results. */
export interface AnthropicTextBlock {
  readonly type: 'text';
  readonly text: string;
}

/** The user message that answers a turn's tool calls: the results first, as the API requires. */
export interface AnthropicToolResultMessage {
  readonly role: 'user';
  readonly content: (AnthropicToolResultBlock | AnthropicTextBlock)[];
}

/** A user message carrying change signals alone. */
export interface AnthropicSignalMessage {
  readonly role: 'user';
  readonly content: string;
}

/** The session's tools and their handler for the Anthropic Messages API (SPEC I4). */
export interface AnthropicAdapter {
  /** `tools` for `messages.create`: the session's declarations, unchanged all session (R1). */
  readonly tools: AnthropicTool[];
  /**
   * Answers the `tool_use` blocks of an assistant message's `content`: a user message with one
   * `tool_result` per block, in order, then a text block with the change signals the calls produced,
   * if any. Undefined when the content has no `tool_use` block. Never throws.
   */
  handleContent(content: readonly AnthropicContentBlock[]): Promise<AnthropicToolResultMessage | undefined>;
  /** Signals queued since the last call (a catalog refresh between prompts), as a user message. */
  signalMessages(): AnthropicSignalMessage[];
}

/**
 * Ready tools and handler for the Messages API: declare `tools`, append the assistant message and
 * the user message {@link AnthropicAdapter.handleContent} returns, and ask again.
 * @example
 * const skills = createAnthropicAdapter(session);
 * const message = await anthropic.messages.create({ model, max_tokens, system, messages, tools: skills.tools });
 * const results = await skills.handleContent(message.content);
 * messages.push({ role: 'assistant', content: message.content });
 * if (results) messages.push(results);
 */
export function createAnthropicAdapter(
  session: SkillSession,
  options: ToolAdapterOptions = {},
): AnthropicAdapter {
  return {
    tools: toAnthropicTools(session.tools),
    async handleContent(content) {
      const calls = content
        .filter((block) => block.type === 'tool_use')
        .map((block) => ({ id: block.id ?? '', name: block.name ?? '', input: block.input }));
      if (calls.length === 0) return undefined;
      const { answers, signals } = await answerToolCalls(session, calls, options);
      const text = signalText(signals);
      return {
        role: 'user',
        content: [
          ...answers.map(
            ({ id, result }): AnthropicToolResultBlock => ({
              type: 'tool_result',
              tool_use_id: id,
              content: result.content,
              is_error: result.isError,
            }),
          ),
          ...(text === undefined ? [] : [{ type: 'text' as const, text }]),
        ],
      };
    },
    signalMessages() {
      const text = signalText(session.drainSignals());
      return text === undefined ? [] : [{ role: 'user', content: text }];
    },
  };
}
