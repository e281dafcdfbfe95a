import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import '../error-codes.js';

/** The shortest `SKILLDOCK_SECRET_KEY` accepted: a passphrase shorter than this is guessable offline. */
export const MINIMUM_SECRET_KEY_LENGTH = 16;

const FORMAT = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
// A fixed, public salt: the key is one per installation and derived once per process.
const SALT = 'skilldock:stored-secrets:v1';

/**
 * Encrypts and decrypts stored secrets (model provider keys, SPEC Y18) with AES-256-GCM under a key
 * derived once from `SKILLDOCK_SECRET_KEY` (scrypt). Each value gets a random 96-bit nonce and is
 * bound to what it belongs to (`context`, e.g. `model-provider:<id>`), so a ciphertext copied to
 * another row does not decrypt. The text form is `v1.<nonce>.<ciphertext>.<tag>` (base64url).
 */
export interface SecretBox {
  encrypt(plaintext: string, context: string): string;
  /** The plaintext, or a `SecurityError` `secret_decrypt_failed` (another key, a tampered or foreign value). */
  decrypt(sealed: string, context: string): string;
}

/**
 * Derives the key of `secretKey` once and returns the box; rejects a key shorter than
 * {@link MINIMUM_SECRET_KEY_LENGTH} with `secret_key_weak`.
 * @example const box = await createSecretBox(process.env.SKILLDOCK_SECRET_KEY!);
 */
export async function createSecretBox(secretKey: string): Promise<SecretBox> {
  if (secretKey.length < MINIMUM_SECRET_KEY_LENGTH) {
    throw new UserInputError(
      'secret_key_weak',
      `SKILLDOCK_SECRET_KEY must be at least ${MINIMUM_SECRET_KEY_LENGTH} characters long`,
      { details: { minimumLength: MINIMUM_SECRET_KEY_LENGTH } },
    );
  }
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(secretKey, SALT, 32, { N: 2 ** 14, r: 8, p: 1 }, (error, derived) =>
      error === null ? resolve(derived) : reject(error),
    ),
  );
  const refused = () =>
    new SecurityError(
      'secret_decrypt_failed',
      'A stored secret could not be decrypted: it was sealed with another SKILLDOCK_SECRET_KEY, for another record, or altered',
    );
  return {
    encrypt(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, nonce, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== FORMAT) throw refused();
      const [nonce, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
      if (nonce!.length !== NONCE_BYTES || tag!.length !== TAG_BYTES) throw refused();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce!, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
      } catch {
        throw refused();
      }
    },
  };
}

/** The error of storing a secret when no `SKILLDOCK_SECRET_KEY` is set. */
export function secretKeyMissing(): UserInputError {
  return new UserInputError(
    'secret_key_missing',
    'Storing a key needs SKILLDOCK_SECRET_KEY (at least 16 characters) in the server environment; or name an environment variable that holds the key instead',
  );
}
