import type { ModelProviderSettings, ModelSettings } from '@skilldock/core/discover';
import { KNOWN_MODEL_PROVIDERS, parseModelSelector } from '@skilldock/core/format';
import { isLoopbackUrl } from './is-loopback-url.js';
import { ModelError } from './model-error.js';

/** Where a model selector leads: plain data, ready for `createModelProvider`. */
export interface ModelConfig {
  /** The provider's name (`openai`, `anthropic`, or one from `models.providers`). */
  readonly providerName: string;
  readonly protocol: 'openai' | 'anthropic';
  readonly model: string;
  /** Undefined means the protocol's public endpoint. */
  readonly baseUrl?: string;
  readonly apiKey: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Options of {@link resolveModelConfig}. */
export interface ResolveModelConfigOptions {
  /** Environment variables. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The merged `models` settings (core's `loadSettings`). */
  readonly settings?: ModelSettings;
}

/** Sent when a loopback server needs no key: the SDKs refuse to start without one. */
export const PLACEHOLDER_API_KEY = 'skilldock-no-key';

interface ProviderEntry extends ModelProviderSettings {
  /** Variable holding the base URL, for the two built-in providers. */
  readonly baseUrlEnv?: string;
}

const BUILT_IN_PROVIDERS: Readonly<Record<string, ProviderEntry>> = {
  openai: { type: 'openai', apiKeyEnv: 'OPENAI_API_KEY', baseUrlEnv: 'OPENAI_BASE_URL' },
  anthropic: { type: 'anthropic', apiKeyEnv: 'ANTHROPIC_API_KEY', baseUrlEnv: 'ANTHROPIC_BASE_URL' },
};

const NOT_CONFIGURED =
  'No model configured. Set SKILLDOCK_MODEL (e.g. openai:gpt-4.1) and OPENAI_API_KEY, or add "models" to ~/.skilldock/settings.json.';

/**
 * Resolve a model selector (SPEC G1) — `inherit`, `fast` (falls back to inherit), `<modelId>` or
 * `<provider>:<modelId>` — against `SKILLDOCK_MODEL`, the provider variables (`OPENAI_API_KEY`,
 * `OPENAI_BASE_URL`, `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`) and the `models` settings. A bare
 * id goes to Anthropic when it starts with `claude`, else to OpenAI, else to the one provider that
 * has a key. An unknown prefix is part of the model id (`qwen3:32b`). Throws one `ModelError`
 * (`model_not_configured`) saying exactly what to set.
 * @example resolveModelConfig('fast', { settings: { default: 'openai:gpt-4.1', fast: 'gpt-4.1-mini' } })
 */
export function resolveModelConfig(
  selector = 'inherit',
  { env = process.env, settings = {} }: ResolveModelConfigOptions = {},
): ModelConfig {
  const providers: Record<string, ProviderEntry> = { ...BUILT_IN_PROVIDERS };
  for (const [name, entry] of Object.entries(settings.providers ?? {})) {
    providers[name] = { ...BUILT_IN_PROVIDERS[name], ...entry };
  }
  const chosen = pickSelector(selector, nonEmpty(env.SKILLDOCK_MODEL) ?? settings.default, settings.fast);
  const known = new Set([...KNOWN_MODEL_PROVIDERS, ...Object.keys(providers)]);
  const parsed = parseModelSelector(chosen, known);
  if (parsed.kind !== 'model') {
    throw notConfigured(`The model selector ${chosen} refers to itself; name a model in "models.default".`);
  }
  if (parsed.model.trim() === '') throw notConfigured(`The model selector ${chosen} names no model.`);
  const providerName = parsed.provider ?? pickProvider(parsed.model, providers, env);
  const provider = providers[providerName];
  if (provider === undefined) {
    throw notConfigured(
      `The model ${chosen} names the provider ${providerName}, which is not configured. Add "models": { "providers": { "${providerName}": { "type": "openai", "baseUrl": "…", "apiKeyEnv": "…" } } } to ~/.skilldock/settings.json.`,
    );
  }
  const baseUrl =
    provider.baseUrl ?? (provider.baseUrlEnv === undefined ? undefined : nonEmpty(env[provider.baseUrlEnv]));
  const apiKey = provider.apiKeyEnv === undefined ? undefined : nonEmpty(env[provider.apiKeyEnv]);
  if (apiKey === undefined && !(baseUrl !== undefined && isLoopbackUrl(baseUrl))) {
    throw notConfigured(
      provider.apiKeyEnv === undefined
        ? `The provider ${providerName} has no API key. Set "apiKeyEnv" in models.providers.${providerName} to the variable that holds it.`
        : `The provider ${providerName} needs an API key. Set ${provider.apiKeyEnv}.`,
    );
  }
  return {
    providerName,
    protocol: provider.type,
    model: parsed.model,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    apiKey: apiKey ?? PLACEHOLDER_API_KEY,
    headers: { ...provider.headers },
  };
}

function pickSelector(
  selector: string,
  defaultSelector: string | undefined,
  fastSelector: string | undefined,
) {
  const fast = fastSelector === 'inherit' || fastSelector === 'fast' ? undefined : fastSelector;
  const chosen =
    selector === 'inherit' ? defaultSelector : selector === 'fast' ? (fast ?? defaultSelector) : selector;
  if (chosen === undefined) throw notConfigured(NOT_CONFIGURED);
  return chosen;
}

function pickProvider(
  model: string,
  providers: Readonly<Record<string, ProviderEntry>>,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const usable = Object.entries(providers)
    .filter(([, entry]) => {
      const baseUrl =
        entry.baseUrl ?? (entry.baseUrlEnv === undefined ? undefined : nonEmpty(env[entry.baseUrlEnv]));
      const key = entry.apiKeyEnv === undefined ? undefined : nonEmpty(env[entry.apiKeyEnv]);
      return key !== undefined || (baseUrl !== undefined && isLoopbackUrl(baseUrl));
    })
    .map(([name]) => name);
  const preferred = model.startsWith('claude') ? 'anthropic' : 'openai';
  if (usable.includes(preferred)) return preferred;
  if (usable.length === 1) return usable[0]!;
  if (usable.length === 0) {
    const variable = preferred === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
    throw notConfigured(
      `The model ${model} needs a provider with a key. Set ${variable}, or name the provider as <provider>:${model}.`,
    );
  }
  throw notConfigured(
    `The model ${model} could go to any of ${usable.join(', ')}. Name the provider, e.g. ${usable[0]}:${model}.`,
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function notConfigured(message: string): ModelError {
  return new ModelError('model_not_configured', message);
}
