import { createModelProvider, type ModelRoute, PLACEHOLDER_API_KEY } from '@skilldock/agent/model';
import { asc } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { modelProviders } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { type ProviderKeySources, providerApiKey } from '../model-providers/provider-api-key.js';

type ProviderRow = typeof modelProviders.$inferSelect;

/**
 * Which configured provider and model an agent's `model` selector means (SPEC Y8, Y18):
 * `<provider>:<model>` names both; `inherit` or `default` is the first provider's default model,
 * `fast` its fast model (else the default); any other text is a model id, served by the first
 * provider offering it. Unresolvable: 422 `model_provider_missing`.
 */
export function pickProviderModel(
  providers: readonly ProviderRow[],
  selector: string,
): { provider: ProviderRow; model: string } {
  const colon = selector.indexOf(':');
  if (colon > 0) {
    const named = providers.find((provider) => provider.id === selector.slice(0, colon));
    if (named !== undefined) return { provider: named, model: selector.slice(colon + 1) };
  }
  const first = providers[0];
  if (first !== undefined && (selector === 'inherit' || selector === 'default'))
    return { provider: first, model: first.defaultModel };
  if (first !== undefined && selector === 'fast')
    return { provider: first, model: first.fastModel ?? first.defaultModel };
  const offering = providers.find((provider) =>
    [...provider.models, provider.defaultModel, provider.fastModel].includes(selector),
  );
  if (offering !== undefined) return { provider: offering, model: selector };
  throw new HttpError(
    422,
    'model_provider_missing',
    providers.length === 0
      ? 'No model provider is configured: an admin adds one under /api/admin/model-providers'
      : `No configured model provider offers the model ${JSON.stringify(selector)}`,
    { details: { model: selector } },
  );
}

/** The model route of a run: the provider the selector names, with its key (never logged). */
export async function runModelRoute(
  db: SkilldockDatabase,
  selector: string,
  keys: ProviderKeySources,
): Promise<ModelRoute> {
  const providers = await db
    .select()
    .from(modelProviders)
    .orderBy(asc(modelProviders.createdAt), asc(modelProviders.id));
  const { provider, model } = pickProviderModel(providers, selector);
  const provided = createModelProvider({
    providerName: provider.id,
    protocol: provider.protocol,
    apiKey: providerApiKey(provider, keys) ?? PLACEHOLDER_API_KEY,
    headers: {},
    model,
    ...(provider.baseUrl === null ? {} : { baseUrl: provider.baseUrl }),
  });
  return { provider: provided, model };
}
