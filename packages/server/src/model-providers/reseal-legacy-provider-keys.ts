import { SkilldockError } from '@skilldock/core/errors';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { modelProviders } from '../db/schema.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { providerKeyContext } from './provider-api-key.js';

/** The context keys were sealed to before SPEC SEC9 bound them to their destination. */
function legacyContext(providerId: string): string {
  return `model-provider:${providerId}`;
}

/**
 * Seals the keys stored before SEC9 (bound to the provider id only) to the destination each
 * provider has now, once, at start-up: they keep working, and from now on a move drops them. A row
 * that opens under neither context is left alone (its runs fail with `secret_decrypt_failed`, as
 * before). The update names the old ciphertext, so processes starting at once re-seal each key once.
 * Returns the ids re-sealed.
 */
export async function resealLegacyProviderKeys(
  db: SkilldockDatabase,
  secretBox: SecretBox | undefined,
): Promise<string[]> {
  if (secretBox === undefined) return [];
  const rows = await db.select().from(modelProviders).where(isNotNull(modelProviders.apiKeyCiphertext));
  const resealed: string[] = [];
  for (const row of rows) {
    const sealed = row.apiKeyCiphertext!;
    if (opens(secretBox, sealed, providerKeyContext(row.id, row))) continue;
    let plaintext: string;
    try {
      plaintext = secretBox.decrypt(sealed, legacyContext(row.id));
    } catch (error) {
      if (SkilldockError.isInstance(error)) continue;
      throw error;
    }
    const updated = await db
      .update(modelProviders)
      .set({ apiKeyCiphertext: secretBox.encrypt(plaintext, providerKeyContext(row.id, row)) })
      .where(and(eq(modelProviders.id, row.id), eq(modelProviders.apiKeyCiphertext, sealed)))
      .returning({ id: modelProviders.id });
    if (updated.length > 0) resealed.push(row.id);
  }
  return resealed;
}

function opens(secretBox: SecretBox, sealed: string, context: string): boolean {
  try {
    secretBox.decrypt(sealed, context);
    return true;
  } catch {
    return false;
  }
}
