import { createHash, randomBytes } from 'node:crypto';

/** A fresh random secret of 32 bytes, base64url (session cookies, CSRF tokens, API tokens). */
export function randomSecret(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 of a secret, hex: what the database stores in place of a session id or an API token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
