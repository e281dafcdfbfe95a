import type { modelProviders } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { type SecretBox, secretKeyMissing } from '../secrets/secret-box.js';
import {
  PROVIDER_KEY_ENV_VARIABLE,
  parseProviderKeyEnvAllowlist,
  providerKeyEnvRefusal,
} from './provider-key-env.js';

/** Where a model provider's key is read from (SPEC Y18, SEC9). */
export interface ProviderKeySources {
  /** The box of `SKILLDOCK_SECRET_KEY`, or undefined when it is unset. */
  readonly secretBox: SecretBox | undefined;
  /** The environment named variables are read from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The variables a key may be read from (names, or prefixes ending in `*`); see `providerKeyEnvRefusal`. */
  readonly envAllowlist: readonly string[];
}

/** How a server or worker is told where provider keys come from (`createServer`'s `modelProviders`). */
export interface ProviderKeyOptions {
  /** Seals stored keys (`SKILLDOCK_SECRET_KEY`); `undefined` for none. */
  readonly secretKey?: string | undefined;
  /** Where named key variables are read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The variables a key may be read from (SPEC SEC9): default the entries of
   * `SKILLDOCK_PROVIDER_KEY_ENV` in `env`; none when that is unset.
   */
  readonly keyEnvAllowlist?: readonly string[];
}

/** The key sources of `options`, with the box made from its secret key (or none). */
export function providerKeySources(
  secretBox: SecretBox | undefined,
  options: ProviderKeyOptions,
): ProviderKeySources {
  const env = options.env ?? process.env;
  return {
    secretBox,
    env,
    envAllowlist: options.keyEnvAllowlist ?? parseProviderKeyEnvAllowlist(env[PROVIDER_KEY_ENV_VARIABLE]),
  };
}

/** Where a provider's requests (and so its key) go: the protocol and the base URL (null: the protocol's default). */
export type ProviderDestination = Pick<typeof modelProviders.$inferSelect, 'protocol' | 'baseUrl'>;

/**
 * The `context` a provider's stored key is sealed to (SPEC SEC9): the provider and its destination.
 * A ciphertext copied to another provider, or left behind when the protocol or base URL changes,
 * does not open.
 */
export function providerKeyContext(providerId: string, destination: ProviderDestination): string {
  // JSON: no separator a base URL could contain makes two destinations one context.
  return `model-provider:${JSON.stringify([providerId, destination.protocol, destination.baseUrl])}`;
}

/**
 * The key a run sends to the provider: the named environment variable's value (only a variable the
 * operator allows: 422 `model_provider_invalid` otherwise), or the stored key decrypted for the
 * provider's current destination (`secret_decrypt_failed` under another `SKILLDOCK_SECRET_KEY`, when
 * altered, or when the destination changed since it was stored; `secret_key_missing` when none is
 * set), or undefined when the provider has no key. Never log it.
 */
export function providerApiKey(
  provider: Pick<
    typeof modelProviders.$inferSelect,
    'id' | 'protocol' | 'baseUrl' | 'apiKeyEnv' | 'apiKeyCiphertext'
  >,
  { secretBox, env, envAllowlist }: ProviderKeySources,
): string | undefined {
  if (provider.apiKeyEnv !== null) {
    const refusal = providerKeyEnvRefusal(provider.apiKeyEnv, envAllowlist);
    if (refusal !== undefined)
      throw new HttpError(422, 'model_provider_invalid', `The provider ${provider.id}'s key: ${refusal}`, {
        details: { field: 'apiKey.env' },
      });
    const value = env[provider.apiKeyEnv];
    return value === undefined || value === '' ? undefined : value;
  }
  if (provider.apiKeyCiphertext === null) return undefined;
  if (secretBox === undefined) throw secretKeyMissing();
  return secretBox.decrypt(provider.apiKeyCiphertext, providerKeyContext(provider.id, provider));
}
