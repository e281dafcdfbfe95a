import { answerToolCalls, signalText, type ToolAdapterOptions } from './answer-tool-calls.js';
import type { SkillSession } from './skill-session.js';
import type { JsonSchema } from './types.js';

/** A function tool as the OpenAI Responses API takes it (`strict: false`: some arguments are optional). */
export interface OpenAIResponsesTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly strict: false;
}

/**
 * An item of a response's `output`. Only `function_call` items (`call_id`, `name`, `arguments` as
 * JSON text) are answered; the `openai` SDK's `ResponseOutputItem` fits this shape (other kinds
 * type these fields their own way, hence `unknown`).
 */
export interface OpenAIResponsesOutputItem {
  readonly type: string;
  readonly call_id?: unknown;
  readonly name?: unknown;
  readonly arguments?: unknown;
}

/** The answer to one function call. */
export interface OpenAIResponsesFunctionCallOutput {
  readonly type: 'function_call_output';
  readonly call_id: string;
  readonly output: string;
}

/** An input message carrying change signals (SPEC R7). */
export interface OpenAIResponsesUserMessage {
  readonly type: 'message';
  readonly role: 'user';
  readonly content: string;
}

/** The session's tools and their handler for the OpenAI Responses API (SPEC I4). */
export interface OpenAIResponsesAdapter {
  /** `tools` for `responses.create`: the session's declarations, unchanged all session (R1). */
  readonly tools: OpenAIResponsesTool[];
  /**
   * Answers the `function_call` items of a response's `output`: one `function_call_output` per call,
   * in order, then a user message with the change signals the calls produced, if any. Other items
   * are skipped. Never throws.
   */
  handleOutput(
    output: readonly OpenAIResponsesOutputItem[],
  ): Promise<(OpenAIResponsesFunctionCallOutput | OpenAIResponsesUserMessage)[]>;
  /** Signals queued since the last call (a catalog refresh between prompts), as an input message. */
  signalMessages(): OpenAIResponsesUserMessage[];
}

/**
 * Ready tools and handler for the Responses API: declare `tools`, add the response's `output`
 * and what {@link OpenAIResponsesAdapter.handleOutput} returns to the input, and ask again.
 * @example
 * const skills = createOpenAIResponsesAdapter(session);
 * const response = await openai.responses.create({ model, instructions, input, tools: skills.tools });
 * input.push(...response.output, ...(await skills.handleOutput(response.output)));
 */
export function createOpenAIResponsesAdapter(
  session: SkillSession,
  options: ToolAdapterOptions = {},
): OpenAIResponsesAdapter {
  const asMessages = (signals: readonly string[]): OpenAIResponsesUserMessage[] => {
    const text = signalText(signals);
    return text === undefined ? [] : [{ type: 'message', role: 'user', content: text }];
  };
  return {
    tools: session.tools.map((declaration) => ({
      type: 'function',
      name: declaration.name,
      description: declaration.description,
      parameters: declaration.inputSchema,
      strict: false,
    })),
    async handleOutput(output) {
      const calls = output
        .filter((item) => item.type === 'function_call')
        .map((item) => ({
          id: typeof item.call_id === 'string' ? item.call_id : '',
          name: typeof item.name === 'string' ? item.name : '',
          input: item.arguments,
        }));
      const { answers, signals } = await answerToolCalls(session, calls, options);
      return [
        ...answers.map(
          ({ id, result }): OpenAIResponsesFunctionCallOutput => ({
            type: 'function_call_output',
            call_id: id,
            output: result.content,
          }),
        ),
        ...asMessages(signals),
      ];
    },
    signalMessages: () => asMessages(session.drainSignals()),
  };
}
