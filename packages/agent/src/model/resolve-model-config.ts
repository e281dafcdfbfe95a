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

/** A provider as configured: settings merged over the built-in `openai` and `anthropic`. */
export interface ProviderEntry extends ModelProviderSettings {
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
 * `OPENAI_BASE_URL`, `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`) and the `models` settings, offline:
 * a bare id goes to Anthropic when it starts with `claude`, else to OpenAI, else to the one provider
 * that has a key. Sessions resolve through `pickModelProvider`, which asks the providers which of
 * them offers a bare id (seed 000) and falls back to this rule. An unknown prefix is part of the model id (`qwen3:32b`). Throws one `ModelError`
 * (`model_not_configured`) saying exactly what to set.
 * @example resolveModelConfig('fast', { settings: { default: 'openai:gpt-4.1', fast: 'gpt-4.1-mini' } })
 */
export function resolveModelConfig(
  selector = 'inherit',
  { env = process.env, settings = {} }: ResolveModelConfigOptions = {},
): ModelConfig {
  const providers = configuredProviders(settings);
  const parsed = parseChosenSelector(
    pickSelector(selector, nonEmpty(env.SKILLDOCK_MODEL) ?? settings.default, settings.fast),
    providers,
  );
  const providerName = parsed.provider ?? pickProvider(parsed.model, usableProviderNames(providers, env));
  return providerConfig(providerName, parsed.model, providers, env);
}

/** The providers a settings section configures: its `providers` merged over the built-in two, in that order. */
export function configuredProviders(settings: ModelSettings): Record<string, ProviderEntry> {
  const providers: Record<string, ProviderEntry> = { ...BUILT_IN_PROVIDERS };
  for (const [name, entry] of Object.entries(settings.providers ?? {})) {
    providers[name] = { ...BUILT_IN_PROVIDERS[name], ...entry };
  }
  return providers;
}

/** A chosen selector split into provider (when it names a configured or known one) and model id. */
export function parseChosenSelector(
  chosen: string,
  providers: Readonly<Record<string, ProviderEntry>>,
): { readonly provider?: string; readonly model: string; readonly chosen: string } {
  const known = new Set([...KNOWN_MODEL_PROVIDERS, ...Object.keys(providers)]);
  const parsed = parseModelSelector(chosen, known);
  if (parsed.kind !== 'model') {
    throw notConfigured(`The model selector ${chosen} refers to itself; name a model in "models.default".`);
  }
  if (parsed.model.trim() === '') throw notConfigured(`The model selector ${chosen} names no model.`);
  return {
    ...(parsed.provider === undefined ? {} : { provider: parsed.provider }),
    model: parsed.model,
    chosen,
  };
}

/** The config of `model` on the provider `providerName`; throws `model_not_configured` saying what to set. */
export function providerConfig(
  providerName: string,
  model: string,
  providers: Readonly<Record<string, ProviderEntry>>,
  env: Readonly<Record<string, string | undefined>>,
): ModelConfig {
  const provider = providers[providerName];
  if (provider === undefined) {
    throw notConfigured(
      `The model ${providerName}:${model} names the provider ${providerName}, which is not configured. Add "models": { "providers": { "${providerName}": { "type": "openai", "baseUrl": "…", "apiKeyEnv": "…" } } } to ~/.skilldock/settings.json.`,
    );
  }
  const baseUrl = baseUrlOf(provider, env);
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
    model,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    apiKey: apiKey ?? PLACEHOLDER_API_KEY,
    headers: { ...provider.headers },
  };
}

/** Names of the providers a request could go to (a key, or a loopback server), in configuration order. */
export function usableProviderNames(
  providers: Readonly<Record<string, ProviderEntry>>,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  return Object.entries(providers)
    .filter(([, entry]) => {
      const baseUrl = baseUrlOf(entry, env);
      const key = entry.apiKeyEnv === undefined ? undefined : nonEmpty(env[entry.apiKeyEnv]);
      return key !== undefined || (baseUrl !== undefined && isLoopbackUrl(baseUrl));
    })
    .map(([name]) => name);
}

function baseUrlOf(
  entry: ProviderEntry,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return entry.baseUrl ?? (entry.baseUrlEnv === undefined ? undefined : nonEmpty(env[entry.baseUrlEnv]));
}

/**
 * The selector `inherit` and `fast` stand for: `inherit` is the default, `fast` the fast model
 * (falling back to the default); anything else is itself. Throws `model_not_configured` with no default.
 */
export function pickSelector(
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

/**
 * The provider a bare id goes to when nothing says which provider offers it (the offline rule):
 * Anthropic when it starts with `claude`, else OpenAI, else the one usable provider.
 */
export function pickProvider(model: string, usable: readonly string[]): string {
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

export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function notConfigured(message: string): ModelError {
  return new ModelError('model_not_configured', message);
}
