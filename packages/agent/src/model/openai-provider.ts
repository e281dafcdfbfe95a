import { randomUUID } from 'node:crypto';
import type OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions/completions';
import type { Stream } from 'openai/streaming';
import { loadOnce } from '../load-once.js';
import { checkStreamResponse } from './check-stream-response.js';
import type { ModelRequest, ModelToolCall } from './conversation.js';
import { describeEndpoint, secretsInUrl } from './describe-endpoint.js';
import { invalidEvent, isObject } from './invalid-event.js';
import { createLimitedFetch, DEFAULT_MAX_RESPONSE_BYTES } from './limit-response-bytes.js';
import { ModelError } from './model-error.js';
import type { FinishReason, ModelProvider, ModelStreamEvent } from './model-provider.js';
import { type RetryPolicy, resolveRetryPolicy } from './retry-policy.js';
import { createStableHeadJson } from './stable-head-json.js';
import { streamWithRetries, throwIfCancelled } from './stream-with-retries.js';
import { type SdkErrorClasses, toModelError } from './to-model-error.js';
import { toOpenAIFunctionTools, toOpenAIMessages } from './to-openai-messages.js';

/** Options of {@link createOpenAIProvider}. */
export interface OpenAIProviderOptions {
  /** Provider name for messages and stats. Default `openai`. */
  readonly name?: string;
  readonly apiKey: string;
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:11434/v1`. Default OpenAI's. */
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
  stop: 'stop',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  length: 'length',
  content_filter: 'content-filter',
};

/**
 * A {@link ModelProvider} for OpenAI-compatible Chat Completions (OpenAI, DashScope, vLLM,
 * llama.cpp, Ollama): streaming with usage, parallel tool calls assembled from their deltas.
 * The SDK's own retries are off; ours are the single policy (SPEC G1).
 * @example
 * const provider = createOpenAIProvider({ apiKey: process.env.OPENAI_API_KEY! });
 * for await (const event of provider.stream({ model: 'gpt-4.1', system, messages, tools: [] })) …
 */
export function createOpenAIProvider({
  name = 'openai',
  apiKey,
  baseUrl,
  headers = {},
  timeoutMs = 600_000,
  retry,
  apiKeyVariable,
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
}: OpenAIProviderOptions): ModelProvider {
  // The SDK is imported on the first request, not when the provider is created.
  const loadClient = loadOnce(async (): Promise<{ client: OpenAI; classes: SdkErrorClasses }> => {
    const sdk = await import('openai');
    const client = new sdk.default({
      apiKey,
      ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
      defaultHeaders: { ...headers },
      maxRetries: 0,
      fetch: createLimitedFetch(maxResponseBytes, name),
      timeout: timeoutMs,
    });
    return { client, classes: sdk };
  });
  // OpenAI's own models refuse `max_tokens`; compatible servers often know only that one.
  const isOpenAI = baseUrl === undefined || new URL(baseUrl).hostname === 'api.openai.com';
  const policy = resolveRetryPolicy(retry);
  const serialize = createStableHeadJson();

  async function* attempt(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const { signal } = request;
    let classes: SdkErrorClasses | undefined;
    try {
      const loaded = await loadClient();
      classes = loaded.classes;
      const system: ChatCompletionMessageParam[] =
        request.system === '' ? [] : [{ role: 'system', content: request.system }];
      const body = serialize(
        [request.model, request.system, request.tools, request.maxTokens],
        () => ({
          model: request.model,
          stream: true,
          stream_options: { include_usage: true },
          ...(request.tools.length === 0 ? {} : { tools: toOpenAIFunctionTools(request.tools) }),
          ...(request.maxTokens === undefined
            ? {}
            : isOpenAI
              ? { max_completion_tokens: request.maxTokens }
              : { max_tokens: request.maxTokens }),
        }),
        'messages',
        system,
        toOpenAIMessages('', request.messages),
      );
      // The body is sent as prepared JSON text: `create` would serialise the whole prompt again.
      const { data: stream, response } = await loaded.client
        .post<Stream<ChatCompletionChunk>>('/chat/completions', {
          body,
          headers: { 'content-type': 'application/json' },
          stream: true,
          ...(signal === undefined ? {} : { signal }),
        })
        .withResponse();
      await checkStreamResponse(response, name);
      yield* readChunks(stream, signal, name);
    } catch (error) {
      throw toModelError(error, {
        classes,
        provider: name,
        signal,
        apiKey,
        secrets: secretsInUrl(baseUrl),
        endpoint: describeEndpoint(
          baseUrl ?? 'https://api.openai.com/v1',
          '/chat/completions',
          request.model,
        ),
        ...(apiKeyVariable === undefined ? {} : { apiKeyVariable }),
      });
    }
  }

  return {
    name,
    protocol: 'openai',
    stream: (request) => streamWithRetries(() => attempt(request), policy, request.signal),
  };
}

interface PartialToolCall {
  id: string;
  name: string;
  arguments: string;
}

async function* readChunks(
  stream: AsyncIterable<ChatCompletionChunk>,
  signal: AbortSignal | undefined,
  provider: string,
): AsyncGenerator<ModelStreamEvent> {
  const calls = new Map<number, PartialToolCall>();
  let finish: FinishReason | undefined;
  for await (const chunk of stream) {
    if (!isObject(chunk)) throw invalidEvent(provider, chunk);
    if (chunk.usage) {
      yield {
        type: 'usage',
        usage: {
          inputTokens: chunk.usage.prompt_tokens,
          outputTokens: chunk.usage.completion_tokens,
          cachedInputTokens: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
        },
      };
    }
    const choice = chunk.choices?.[0];
    if (choice === undefined) continue;
    if (!isObject(choice.delta)) continue;
    if (choice.delta.content) yield { type: 'text-delta', text: choice.delta.content };
    for (const delta of choice.delta.tool_calls ?? []) {
      const call = calls.get(delta.index) ?? { id: '', name: '', arguments: '' };
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name += delta.function.name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
      calls.set(delta.index, call);
    }
    if (choice.finish_reason) {
      finish = FINISH_REASONS[choice.finish_reason] ?? 'other';
      yield* completeCalls(calls);
    }
  }
  throwIfCancelled(signal);
  if (finish === undefined) {
    throw new ModelError(
      'model_response_invalid',
      `${provider}: the stream ended before the model finished its answer (no finish_reason).`,
    );
  }
  yield* completeCalls(calls);
  yield { type: 'finish', reason: finish };
}

function* completeCalls(calls: Map<number, PartialToolCall>): Generator<ModelStreamEvent> {
  for (const index of [...calls.keys()].sort((left, right) => left - right)) {
    const call = calls.get(index)!;
    const toolCall: ModelToolCall = {
      // Some compatible servers send no id; the result must still name the call it answers.
      id: call.id === '' ? `call_${randomUUID()}` : call.id,
      name: call.name,
      arguments: call.arguments === '' ? '{}' : call.arguments,
    };
    yield { type: 'tool-call', toolCall };
  }
  calls.clear();
}
