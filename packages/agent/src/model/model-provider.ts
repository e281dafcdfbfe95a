import type { ModelRequest, ModelToolCall } from './conversation.js';

/** Why the model stopped. */
export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';

/**
 * Token counts of one request. `inputTokens` counts every input token, cached ones included;
 * `cachedInputTokens` is the part read from the provider's prompt cache.
 */
export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cachedInputTokens: number;
}

/** What a model stream yields, in order: text deltas, then complete tool calls, usage, finish. */
export type ModelStreamEvent =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'tool-call'; readonly toolCall: ModelToolCall }
  | { readonly type: 'usage'; readonly usage: ModelUsage }
  | { readonly type: 'finish'; readonly reason: FinishReason };

/**
 * A model behind one protocol (SPEC G1). `stream` throws a `ModelError` when the request fails;
 * it retries by itself only before it has yielded anything.
 */
export interface ModelProvider {
  /** The configured provider name (`openai`, `anthropic`, `ollama`, …), for messages and stats. */
  readonly name: string;
  readonly protocol: 'openai' | 'anthropic';
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
}

/** A provider and the model id to ask: where a run's requests go. */
export interface ModelRoute {
  readonly provider: ModelProvider;
  readonly model: string;
}
