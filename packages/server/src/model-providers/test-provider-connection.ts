import { createModelProvider, ModelError, PLACEHOLDER_API_KEY } from '@skilldock/agent/model';
import type { modelProviders } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { type ProviderKeySources, providerApiKey } from './provider-api-key.js';

type ProviderRow = typeof modelProviders.$inferSelect;

/** What a successful connection test answers: the model asked, its reply and how long it took. */
export interface ProviderTestAnswer {
  readonly model: string;
  readonly reply: string;
  readonly latencyMs: number;
}

/** How long a test waits for the provider: long enough for a cold model, short enough for a person waiting. */
export const PROVIDER_TEST_TIMEOUT_MS = 20_000;
/** The most of the reply answered: one token is asked for, a server ignoring that is cut here. */
const MAX_REPLY_LENGTH = 200;
/** The most of a failure's message answered. */
const MAX_MESSAGE_LENGTH = 1000;
const TEST_PROMPT = 'Reply with the single word: OK';

/** `text` without `secret` anywhere in it (a provider may echo the key it was sent in its error). */
function withoutSecret(text: string, secret: string | undefined): string {
  return secret === undefined || secret.length < 4 ? text : text.split(secret).join('[the key]');
}

/**
 * Sends `provider` one request for one token of `model` (SPEC O4), as a run would send it (same
 * protocol, base URL and key), once: no retries, {@link PROVIDER_TEST_TIMEOUT_MS} at most. Answers
 * the reply, or throws the exact failure as a 502 `HttpError` whose code is the model error's
 * (`model_http_error` with the provider's `status`, `model_connection_failed`, `model_timeout`,
 * `model_response_invalid`); a key that cannot be read throws what a run would (`secret_key_missing`,
 * `secret_decrypt_failed`, `model_provider_invalid`). No answer holds the key.
 */
export async function testProviderConnection(
  provider: ProviderRow,
  model: string,
  keys: ProviderKeySources,
): Promise<ProviderTestAnswer> {
  const apiKey = providerApiKey(provider, keys);
  const client = createModelProvider(
    {
      providerName: provider.id,
      protocol: provider.protocol,
      apiKey: apiKey ?? PLACEHOLDER_API_KEY,
      headers: {},
      model,
      ...(provider.baseUrl === null ? {} : { baseUrl: provider.baseUrl }),
    },
    { timeoutMs: PROVIDER_TEST_TIMEOUT_MS, retry: { maxAttempts: 1 } },
  );
  const started = performance.now();
  let reply = '';
  try {
    for await (const event of client.stream({
      model,
      system: '',
      messages: [{ role: 'user', content: TEST_PROMPT }],
      tools: [],
      maxTokens: 1,
    })) {
      if (event.type === 'text-delta' && reply.length < MAX_REPLY_LENGTH) reply += event.text;
    }
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    const status = error.details.status;
    throw new HttpError(502, error.code, withoutSecret(error.message, apiKey).slice(0, MAX_MESSAGE_LENGTH), {
      details: {
        provider: provider.id,
        model,
        ...(status === undefined ? {} : { status }),
        retryable: error.retryable,
      },
    });
  }
  return {
    model,
    reply: withoutSecret(reply, apiKey).slice(0, MAX_REPLY_LENGTH),
    latencyMs: Math.round(performance.now() - started),
  };
}
