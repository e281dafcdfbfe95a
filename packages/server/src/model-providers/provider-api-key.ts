import type { modelProviders } from '../db/schema.js';
import { type SecretBox, secretKeyMissing } from '../secrets/secret-box.js';

/** Where a model provider's key is read from (SPEC Y18). */
export interface ProviderKeySources {
  /** The box of `SKILLDOCK_SECRET_KEY`, or undefined when it is unset. */
  readonly secretBox: SecretBox | undefined;
  /** The environment named variables are read from. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The `context` a provider's stored key is sealed to: a ciphertext copied to another provider does not open. */
export function providerKeyContext(providerId: string): string {
  return `model-provider:${providerId}`;
}

/**
 * The key a run sends to the provider: the named environment variable's value, or the stored key
 * decrypted (`secret_decrypt_failed` under another `SKILLDOCK_SECRET_KEY` or when altered;
 * `secret_key_missing` when none is set), or undefined when the provider has no key. Never log it.
 */
export function providerApiKey(
  provider: Pick<typeof modelProviders.$inferSelect, 'id' | 'apiKeyEnv' | 'apiKeyCiphertext'>,
  { secretBox, env }: ProviderKeySources,
): string | undefined {
  if (provider.apiKeyEnv !== null) {
    const value = env[provider.apiKeyEnv];
    return value === undefined || value === '' ? undefined : value;
  }
  if (provider.apiKeyCiphertext === null) return undefined;
  if (secretBox === undefined) throw secretKeyMissing();
  return secretBox.decrypt(provider.apiKeyCiphertext, providerKeyContext(provider.id));
}
