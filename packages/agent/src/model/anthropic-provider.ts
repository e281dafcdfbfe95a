import type Anthropic from '@anthropic-ai/sdk';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Stream } from '@anthropic-ai/sdk/streaming';
import { loadOnce } from '../load-once.js';
import { checkStreamResponse } from './check-stream-response.js';
import type { ModelRequest } from './conversation.js';
import { describeEndpoint, secretsInUrl } from './describe-endpoint.js';
import { invalidEvent, isObject } from './invalid-event.js';
import { createLimitedFetch, DEFAULT_MAX_RESPONSE_BYTES } from './limit-response-bytes.js';
import { ModelError } from './model-error.js';
import type { FinishReason, ModelProvider, ModelStreamEvent } from './model-provider.js';
import { type RetryPolicy, resolveRetryPolicy } from './retry-policy.js';
import { createStableHeadJson } from './stable-head-json.js';
import { streamWithRetries, throwIfCancelled } from './stream-with-retries.js';
import { toAnthropicMessages, toAnthropicSystem, toAnthropicToolList } from './to-anthropic-messages.js';
import { type SdkErrorClasses, toModelError } from './to-model-error.js';

/** Output tokens asked for when the request names no limit (the API requires one). */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192;

/** Options of {@link createAnthropicProvider}. */
export interface AnthropicProviderOptions {
  /** Provider name for messages and stats. Default `anthropic`. */
  readonly name?: string;
  readonly apiKey: string;
  /** Base URL without `/v1`. Default Anthropic's. */
  readonly baseUrl?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-request timeout in milliseconds. Default 10 minutes. */
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** The variable holding `apiKey`, named when the server refuses the key (401, 403). */
  readonly apiKeyVariable?: string;
  /**
   * Cap on the bytes of one answer as received; past it the answer is cut with
   * `model_response_invalid`. Default {@link DEFAULT_MAX_RESPONSE_BYTES} (32 MiB).
   */
  readonly maxResponseBytes?: number;
}

const FINISH_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  refusal: 'content-filter',
};

/**
 * A {@link ModelProvider} for the Anthropic Messages API: streaming, `tool_use` / `tool_result`
 * blocks, and `cache_control` on the system prompt and the last tool so the stable prefix is cached
 * (SPEC G1, R1). The SDK's own retries are off; ours are the single policy.
 * @example const provider = createAnthropicProvider({ apiKey: process.env.ANTHROPIC_API_KEY! });
 */
export function createAnthropicProvider({
  name = 'anthropic',
  apiKey,
  baseUrl,
  headers = {},
  timeoutMs = 600_000,
  retry,
  apiKeyVariable,
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
}: AnthropicProviderOptions): ModelProvider {
  // The SDK is imported on the first request, not when the provider is created.
  const loadClient = loadOnce(async (): Promise<{ client: Anthropic; classes: SdkErrorClasses }> => {
    const sdk = await import('@anthropic-ai/sdk');
    const client = new sdk.default({
      apiKey,
      authToken: null,
      baseURL: baseUrl ?? 'https://api.anthropic.com',
      defaultHeaders: { ...headers },
      maxRetries: 0,
      fetch: createLimitedFetch(maxResponseBytes, name),
      timeout: timeoutMs,
    });
    return { client, classes: sdk };
  });
  const policy = resolveRetryPolicy(retry);
  const serialize = createStableHeadJson();

  async function* attempt(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const { signal } = request;
    let classes: SdkErrorClasses | undefined;
    try {
      const loaded = await loadClient();
      classes = loaded.classes;
      const body = serialize(
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
      // The body is sent as prepared JSON text: `create` would serialise the whole prompt again.
      const { data: stream, response } = await loaded.client
        .post<Stream<RawMessageStreamEvent>>('/v1/messages', {
          body,
          headers: { 'content-type': 'application/json' },
          stream: true,
          ...(signal === undefined ? {} : { signal }),
        })
        .withResponse();
      await checkStreamResponse(response, name);
      yield* readEvents(stream, signal, name);
    } catch (error) {
      throw toModelError(error, {
        classes,
        provider: name,
        signal,
        apiKey,
        secrets: secretsInUrl(baseUrl),
        endpoint: describeEndpoint(baseUrl ?? 'https://api.anthropic.com', '/v1/messages', request.model),
        ...(apiKeyVariable === undefined ? {} : { apiKeyVariable }),
      });
    }
  }

  return {
    name,
    protocol: 'anthropic',
    stream: (request) => streamWithRetries(() => attempt(request), policy, request.signal),
  };
}

async function* readEvents(
  stream: AsyncIterable<RawMessageStreamEvent>,
  signal: AbortSignal | undefined,
  provider: string,
): AsyncGenerator<ModelStreamEvent> {
  const toolBlocks = new Map<number, { id: string; name: string; json: string }>();
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
          toolBlocks.set(event.index, { id, name, json: '' });
        }
        break;
      case 'content_block_delta':
        if (event.delta.type === 'text_delta') yield { type: 'text-delta', text: event.delta.text };
        else if (event.delta.type === 'input_json_delta') {
          const block = toolBlocks.get(event.index);
          if (block !== undefined) block.json += event.delta.partial_json;
        }
        break;
      case 'content_block_stop': {
        const block = toolBlocks.get(event.index);
        if (block === undefined) break;
        toolBlocks.delete(event.index);
        yield {
          type: 'tool-call',
          toolCall: { id: block.id, name: block.name, arguments: block.json === '' ? '{}' : block.json },
        };
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
  throwIfCancelled(signal);
  if (!stopped) {
    throw new ModelError(
      'model_response_invalid',
      `${provider}: the stream ended before the model finished its answer (no message_stop).`,
    );
  }
  yield {
    type: 'usage',
    usage: {
      inputTokens: input.fresh + input.cacheWrite + input.cacheRead,
      outputTokens,
      cachedInputTokens: input.cacheRead,
    },
  };
  yield { type: 'finish', reason: finish };
}
