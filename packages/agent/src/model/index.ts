// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export {
  type AnthropicProviderOptions,
  createAnthropicProvider,
  DEFAULT_ANTHROPIC_MAX_TOKENS,
} from './anthropic-provider.js';
export type {
  AssistantMessage,
  ConversationMessage,
  MessageAttachment,
  ModelRequest,
  ModelToolCall,
  ToolResultMessage,
  UserMessage,
} from './conversation.js';
export {
  createModelProvider,
  type ProviderRequestOptions,
  resolveModelRoute,
} from './create-model-provider.js';
export { isLoopbackUrl } from './is-loopback-url.js';
export { ModelError, type ModelErrorCode, type ModelErrorDetails } from './model-error.js';
export type {
  FinishReason,
  ModelProvider,
  ModelRoute,
  ModelStreamEvent,
  ModelUsage,
} from './model-provider.js';
export { createOpenAIProvider, type OpenAIProviderOptions } from './openai-provider.js';
export {
  createProviderModelLists,
  MODEL_LIST_TIMEOUT_MS,
  type PickModelProviderOptions,
  type ProviderModelLists,
  type ProviderModelListsOptions,
  pickModelProvider,
} from './pick-model-provider.js';
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  MAX_STREAM_LINE_BYTES,
} from './provider-plumbing/limit-response-bytes.js';
export {
  type ModelConfig,
  PLACEHOLDER_API_KEY,
  type ResolveModelConfigOptions,
  resolveModelConfig,
} from './resolve-model-config.js';
export { parseRetryAfter, type RetryPolicy, resolveRetryPolicy, retryDelay } from './retry-policy.js';
