import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions/completions';
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
import { toOpenAIFunctionTools, toOpenAIMessages } from './to-openai-messages.js';

/**
 * Options of {@link createOpenAIProvider}: the {@link HttpProviderOptions} every provider takes;
 * `name` defaults to `openai`, and `baseUrl` includes `/v1` (e.g. `http://127.0.0.1:11434/v1`).
 */
export interface OpenAIProviderOptions extends HttpProviderOptions {}

const FINISH_REASONS: Record<string, FinishReason> = {
  stop: 'stop',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  length: 'length',
  content_filter: 'content-filter',
};

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const PATH = '/chat/completions';

/**
 * A {@link ModelProvider} for OpenAI-compatible Chat Completions (OpenAI, DashScope, vLLM,
 * llama.cpp, Ollama): streaming with usage, parallel tool calls assembled from their deltas.
 * The SDK's own retries are off; ours are the single policy (SPEC G1).
 * @example
 * const provider = createOpenAIProvider({ apiKey: process.env.OPENAI_API_KEY! });
 * for await (const event of provider.stream({ model: 'gpt-4.1', system, messages, tools: [] })) …
 */
export function createOpenAIProvider({ name = 'openai', ...options }: OpenAIProviderOptions): ModelProvider {
  // OpenAI's own models refuse `max_tokens`; compatible servers often know only that one.
  const isOpenAI = options.baseUrl === undefined || new URL(options.baseUrl).hostname === 'api.openai.com';
  const serialize = createStableHeadJson();
  const protocol: StreamingProtocol<ChatCompletionChunk> = {
    protocol: 'openai',
    defaultBaseUrl: DEFAULT_BASE_URL,
    path: PATH,
    async connect(settings) {
      const sdk = await import('openai');
      const client = new sdk.default({
        ...settings,
        ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
      });
      return { classes: sdk, post: postEventStream<ChatCompletionChunk>(client, PATH) };
    },
    body: (request) => requestBody(request, serialize, isOpenAI),
    read: readChunks,
  };
  return createStreamingProvider({ name, ...options }, protocol);
}

function requestBody(
  request: ModelRequest,
  serialize: ReturnType<typeof createStableHeadJson>,
  isOpenAI: boolean,
): string {
  const system: ChatCompletionMessageParam[] =
    request.system === '' ? [] : [{ role: 'system', content: request.system }];
  return serialize(
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
}

async function* readChunks(
  stream: AsyncIterable<ChatCompletionChunk>,
  signal: AbortSignal | undefined,
  provider: string,
): AsyncGenerator<ModelStreamEvent> {
  const calls = new ToolCallAccumulator();
  let finish: FinishReason | undefined;
  for await (const chunk of stream) {
    if (!isObject(chunk)) throw invalidEvent(provider, chunk);
    if (chunk.usage) {
      const usage = normalizeUsage({
        inputTokens: chunk.usage.prompt_tokens,
        outputTokens: chunk.usage.completion_tokens,
        cachedInputTokens: chunk.usage.prompt_tokens_details?.cached_tokens,
      });
      yield { type: 'usage', usage };
    }
    const choice = chunk.choices?.[0];
    if (choice === undefined) continue;
    if (!isObject(choice.delta)) continue;
    if (choice.delta.content) yield { type: 'text-delta', text: choice.delta.content };
    for (const delta of choice.delta.tool_calls ?? []) {
      calls.add(delta.index, {
        id: delta.id,
        name: delta.function?.name,
        arguments: delta.function?.arguments,
      });
    }
    if (choice.finish_reason) {
      finish = FINISH_REASONS[choice.finish_reason] ?? 'other';
      for (const toolCall of calls.completeAll()) yield { type: 'tool-call', toolCall };
    }
  }
  assertStreamFinished(signal, provider, finish !== undefined, 'finish_reason');
  for (const toolCall of calls.completeAll()) yield { type: 'tool-call', toolCall };
  yield { type: 'finish', reason: finish ?? 'other' };
}
