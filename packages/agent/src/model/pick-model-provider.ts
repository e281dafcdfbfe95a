import { readBodyWithin } from '@skilldock/core/network';
import { ModelError } from './model-error.js';
import {
  configuredProviders,
  type ModelConfig,
  nonEmpty,
  type ProviderEntry,
  parseChosenSelector,
  pickProvider,
  pickSelector,
  providerConfig,
  type ResolveModelConfigOptions,
  usableProviderNames,
} from './resolve-model-config.js';

/** Default wait for a provider's `/models` answer before it counts as "cannot say". */
export const MODEL_LIST_TIMEOUT_MS = 3_000;

/** Largest `/models` answer read; a bigger one counts as "cannot say". */
const MAX_MODEL_LIST_BYTES = 2 * 1024 * 1024;

/**
 * The models each provider's `/models` endpoint lists, asked at most once per provider and base
 * URL for the life of this object (a session). `undefined` means the provider could not say
 * (no endpoint, an error status, a timeout, a malformed answer).
 */
export interface ProviderModelLists {
  list(config: ModelConfig): Promise<ReadonlySet<string> | undefined>;
}

/** Options of {@link createProviderModelLists}. */
export interface ProviderModelListsOptions {
  /** Default {@link MODEL_LIST_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
}

/**
 * A per-session cache of the providers' `/models` lists (SPEC G1). OpenAI-compatible servers are
 * asked `GET <baseUrl>/models` with their bearer key, Anthropic `GET <baseUrl>/v1/models` with
 * `x-api-key`; both answer `{ "data": [{ "id": … }] }`. A redirect is not followed (the key goes to
 * the provider's own address only, SEC9).
 */
export function createProviderModelLists({
  timeoutMs = MODEL_LIST_TIMEOUT_MS,
}: ProviderModelListsOptions = {}): ProviderModelLists {
  const asked = new Map<string, Promise<ReadonlySet<string> | undefined>>();
  return {
    list(config) {
      const url = modelListUrl(config);
      const key = `${config.providerName}\n${url}`;
      let answer = asked.get(key);
      if (answer === undefined) {
        answer = fetchModelList(url, config, timeoutMs).catch(() => undefined);
        asked.set(key, answer);
      }
      return answer;
    },
  };
}

function modelListUrl(config: ModelConfig): string {
  if (config.protocol === 'anthropic') {
    return `${(config.baseUrl ?? 'https://api.anthropic.com').replace(/\/+$/, '')}/v1/models`;
  }
  return `${(config.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/models`;
}

async function fetchModelList(
  url: string,
  config: ModelConfig,
  timeoutMs: number,
): Promise<ReadonlySet<string> | undefined> {
  const headers: Record<string, string> =
    config.protocol === 'anthropic'
      ? { 'x-api-key': config.apiKey, 'anthropic-version': '2023-06-01' }
      : { authorization: `Bearer ${config.apiKey}` };
  const response = await fetch(url, {
    headers: { ...config.headers, ...headers, accept: 'application/json' },
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status !== 200) {
    await response.body?.cancel();
    return undefined;
  }
  const bytes = await readBodyWithin(response, MAX_MODEL_LIST_BYTES);
  if (bytes === undefined) return undefined;
  const body = JSON.parse(bytes.toString('utf8')) as { data?: unknown };
  if (!Array.isArray(body.data)) return undefined;
  const ids = body.data
    .map((entry) => (entry as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string');
  return new Set(ids);
}

/** Options of {@link pickModelProvider}. */
export interface PickModelProviderOptions extends ResolveModelConfigOptions {
  /** The main conversation's provider: a bare id is tried there first. */
  readonly mainProvider?: string;
  /** The session's fast model (`/model --fast`), instead of `models.fast`. */
  readonly fastModel?: string;
  /** The session's cache of `/models` lists; default a fresh one. */
  readonly modelLists?: ProviderModelLists;
}

type Offer = 'offers' | 'does-not-offer' | 'cannot-say';

/**
 * Resolves a model selector for a session (SPEC G1, seed 000) — CLI flags, settings, `/model`,
 * `/model --fast`, subagents and the Explore agent all come here. `inherit` is the default
 * (`SKILLDOCK_MODEL`, then `models.default`), `fast` the session's fast model, then `models.fast`,
 * then the default; `<provider>:<id>` goes to that provider. A bare id (`glm-5`) is tried on the
 * main conversation's provider first, then on the other usable providers in configuration order
 * (`openai`, `anthropic`, then `models.providers` as the file lists them). A provider offers an id
 * when its `offers` list names it; without a list, its `/models` endpoint is asked (once per
 * session, {@link MODEL_LIST_TIMEOUT_MS}). The first provider that offers it wins; when none does,
 * the first that cannot say (an endpoint that fails or is missing) takes it — the main provider
 * first, else the offline rule of `resolveModelConfig`; when every provider says no, it is an error.
 * With a single usable provider and no `offers` list nothing is asked: that provider takes the id.
 * @throws ModelError `model_not_available` naming the providers tried; `model_not_configured`.
 * @example await pickModelProvider('glm-5', { env, settings, mainProvider: 'dashscope', modelLists })
 */
export async function pickModelProvider(
  selector: string | undefined,
  options: PickModelProviderOptions = {},
): Promise<ModelConfig> {
  const { env = process.env, settings = {} } = options;
  const providers = configuredProviders(settings);
  const chosen = pickSelector(
    selector ?? 'inherit',
    nonEmpty(env.SKILLDOCK_MODEL) ?? settings.default,
    options.fastModel ?? settings.fast,
  );
  const parsed = parseChosenSelector(chosen, providers);
  if (parsed.provider !== undefined) return providerConfig(parsed.provider, parsed.model, providers, env);
  const usable = usableProviderNames(providers, env);
  const main = options.mainProvider;
  const order =
    main !== undefined && usable.includes(main) ? [main, ...usable.filter((name) => name !== main)] : usable;
  if (order.length === 0)
    return providerConfig(pickProvider(parsed.model, usable), parsed.model, providers, env);
  const lists = options.modelLists ?? createProviderModelLists();
  // With one usable provider there is no choice to make: only its own list can refuse the id (its
  // endpoint is not asked; the request itself then says whether the model exists).
  const offers =
    order.length === 1 && providers[order[0]!]?.offers === undefined
      ? (['cannot-say'] as const)
      : await Promise.all(order.map(async (name) => offerOf(name, parsed.model, providers, env, lists)));
  const offering = order.find((_, index) => offers[index] === 'offers');
  if (offering !== undefined) return providerConfig(offering, parsed.model, providers, env);
  const unsure = order.filter((_, index) => offers[index] === 'cannot-say');
  if (unsure.length > 0) {
    // The main provider comes first in `order`, so it takes the id when it cannot say.
    const taker = main === undefined ? pickProvider(parsed.model, unsure) : unsure[0]!;
    return providerConfig(taker, parsed.model, providers, env);
  }
  const tried = order.map((name) =>
    providers[name]?.offers === undefined
      ? `${name} (not in its /models list)`
      : `${name} (not in models.providers.${name}.offers)`,
  );
  throw new ModelError(
    'model_not_available',
    `No configured provider offers the model ${parsed.model}; tried ${tried.join(', ')}. Check the id, name the provider as <provider>:${parsed.model}, or add it to "offers" in models.providers.<provider>.`,
    { details: { model: parsed.model, tried: order } },
  );
}

async function offerOf(
  name: string,
  model: string,
  providers: Readonly<Record<string, ProviderEntry>>,
  env: Readonly<Record<string, string | undefined>>,
  lists: ProviderModelLists,
): Promise<Offer> {
  const configured = providers[name]?.offers;
  if (configured !== undefined) return configured.includes(model) ? 'offers' : 'does-not-offer';
  const listed = await lists.list(providerConfig(name, model, providers, env));
  if (listed === undefined) return 'cannot-say';
  return listed.has(model) ? 'offers' : 'does-not-offer';
}
