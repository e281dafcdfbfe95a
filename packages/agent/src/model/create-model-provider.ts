import { createAnthropicProvider } from './anthropic-provider.js';
import type { ModelProvider, ModelRoute } from './model-provider.js';
import { createOpenAIProvider } from './openai-provider.js';
import {
  type ModelConfig,
  type ResolveModelConfigOptions,
  resolveModelConfig,
} from './resolve-model-config.js';
import type { RetryPolicy } from './retry-policy.js';

/** Request options shared by every provider. */
export interface ProviderRequestOptions {
  /** Per-request timeout in milliseconds. Default 10 minutes. */
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
}

/** Build the provider a {@link ModelConfig} describes. */
export function createModelProvider(
  config: ModelConfig,
  options: ProviderRequestOptions = {},
): ModelProvider {
  const common = {
    name: config.providerName,
    apiKey: config.apiKey,
    apiKeyVariable: apiKeyVariableOf(config.providerName),
    headers: config.headers,
    ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
    ...options,
  };
  return config.protocol === 'anthropic' ? createAnthropicProvider(common) : createOpenAIProvider(common);
}

const BUILT_IN_KEY_VARIABLES: Readonly<Record<string, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};

// The config holds the key, not where it came from; a custom provider names its variable in settings.
function apiKeyVariableOf(providerName: string): string {
  return (
    BUILT_IN_KEY_VARIABLES[providerName] ??
    `the variable named by "apiKeyEnv" in models.providers.${providerName}`
  );
}

/**
 * Resolve a selector and build its provider: where a run sends its requests (SPEC G1).
 * @example const route = resolveModelRoute('fast', { settings: loaded.settings.models });
 */
export function resolveModelRoute(
  selector: string | undefined,
  options: ResolveModelConfigOptions & ProviderRequestOptions = {},
): ModelRoute {
  const config = resolveModelConfig(selector, options);
  const { timeoutMs, retry } = options;
  return {
    provider: createModelProvider(config, {
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(retry === undefined ? {} : { retry }),
    }),
    model: config.model,
  };
}
