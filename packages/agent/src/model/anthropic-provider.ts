import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ModelRequest } from './conversation.js';
import type { FinishReason, ModelProvider, ModelStreamEvent } from './model-provider.js';
import { assertStreamFinished } from './provider-plumbing/assert-stream-finished.js';
import {
  createStreamingProvider,
  type StreamingProtocol,
} from './provider-plumbing/create-streaming-provider.js';
import { postEventStream } from './provider-plumbing/event-stream-request.js';
import type { HttpProviderOptions } from './provider-plumbing/http-provider-options.js';
import { invalidEvent, isObject } from './provider-plumbing/invalid-event.js';
import { normalizeUsage } from './provider-plumbing/normalize-usage.js';
import { ToolCallAccumulator } from './provider-plumbing/tool-call-accumulator.js';
import { createStableHeadJson } from './stable-head-json.js';
import { toAnthropicMessages, toAnthropicSystem, toAnthropicToolList } from './to-anthropic-messages.js';

/** Output tokens asked for when the request names no limit (the API requires one). */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192;

/**
 * Options of {@link createAnthropicProvider}: the {@link HttpProviderOptions} every provider
 * takes; `name` defaults to `anthropic`, and `baseUrl` is without `/v1`.
 */
export interface AnthropicProviderOptions extends HttpProviderOptions {}

const FINISH_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  refusal: 'content-filter',
};

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
const PATH = '/v1/messages';

/**
 * A {@link ModelProvider} for the Anthropic Messages API: streaming, `tool_use` / `tool_result`
 * blocks, and `cache_control` on the system prompt and the last tool so the stable prefix is cached
 * (SPEC G1, R1). The SDK's own retries are off; ours are the single policy.
 * @example const provider = createAnthropicProvider({ apiKey: process.env.ANTHROPIC_API_KEY! });
 */
export function createAnthropicProvider({
  name = 'anthropic',
  ...options
}: AnthropicProviderOptions): ModelProvider {
  const serialize = createStableHeadJson();
  const protocol: StreamingProtocol<RawMessageStreamEvent> = {
    protocol: 'anthropic',
    defaultBaseUrl: DEFAULT_BASE_URL,
    path: PATH,
    async connect(settings) {
      const sdk = await import('@anthropic-ai/sdk');
      const client = new sdk.default({
        ...settings,
        authToken: null,
        baseURL: options.baseUrl ?? DEFAULT_BASE_URL,
      });
      return { classes: sdk, post: postEventStream<RawMessageStreamEvent>(client, PATH) };
    },
    body: (request) => requestBody(request, serialize),
    read: readEvents,
  };
  return createStreamingProvider({ name, ...options }, protocol);
}

function requestBody(request: ModelRequest, serialize: ReturnType<typeof createStableHeadJson>): string {
  return serialize(
    [request.model, request.system, request.tools, request.maxTokens],
    () => {
      const system = toAnthropicSystem(request.system);
      return {
        model: request.model,
        max_tokens: request.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
        stream: true,
        ...(system === undefined ? {} : { system }),
        ...(request.tools.length === 0 ? {} : { tools: toAnthropicToolList(request.tools) }),
      };
    },
    'messages',
    [],
    toAnthropicMessages(request.messages),
  );
}

async function* readEvents(
  stream: AsyncIterable<RawMessageStreamEvent>,
  signal: AbortSignal | undefined,
  provider: string,
): AsyncGenerator<ModelStreamEvent> {
  const toolBlocks = new ToolCallAccumulator();
  let input = { fresh: 0, cacheWrite: 0, cacheRead: 0 };
  let outputTokens = 0;
  let finish: FinishReason = 'other';
  let stopped = false;
  for await (const event of stream) {
    if (!isObject(event)) throw invalidEvent(provider, event);
    switch (event.type) {
      case 'message_start': {
        const usage = event.message.usage;
        input = {
          fresh: usage.input_tokens,
          cacheWrite: usage.cache_creation_input_tokens ?? 0,
          cacheRead: usage.cache_read_input_tokens ?? 0,
        };
        outputTokens = usage.output_tokens;
        break;
      }
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          const { id, name } = event.content_block;
          toolBlocks.start(event.index, { id, name });
        }
        break;
      case 'content_block_delta':
        if (event.delta.type === 'text_delta') yield { type: 'text-delta', text: event.delta.text };
        else if (event.delta.type === 'input_json_delta' && toolBlocks.has(event.index)) {
          toolBlocks.add(event.index, { arguments: event.delta.partial_json });
        }
        break;
      case 'content_block_stop': {
        const toolCall = toolBlocks.complete(event.index);
        if (toolCall !== undefined) yield { type: 'tool-call', toolCall };
        break;
      }
      case 'message_delta':
        // message_delta counts are cumulative.
        outputTokens = event.usage.output_tokens;
        input = {
          fresh: event.usage.input_tokens ?? input.fresh,
          cacheWrite: event.usage.cache_creation_input_tokens ?? input.cacheWrite,
          cacheRead: event.usage.cache_read_input_tokens ?? input.cacheRead,
        };
        if (event.delta.stop_reason) finish = FINISH_REASONS[event.delta.stop_reason] ?? 'other';
        break;
      case 'message_stop':
        stopped = true;
        break;
      default:
        break;
    }
  }
  assertStreamFinished(signal, provider, stopped, 'message_stop');
  const usage = normalizeUsage({
    uncachedInputTokens: input.fresh,
    cacheWriteInputTokens: input.cacheWrite,
    cacheReadInputTokens: input.cacheRead,
    outputTokens,
  });
  yield { type: 'usage', usage };
  yield { type: 'finish', reason: finish };
}
