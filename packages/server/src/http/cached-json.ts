import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** A JSON answer serialised and encoded once, with a strong ETag of its bytes, to be sent many times. */
export interface CachedJson {
  /** UTF-8 bytes: encoding a 70 KB listing again for every answer cost more than finding it. */
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
}

/** Serialises `value` once and tags it with the SHA-256 of the text. */
export function cachedJson(value: unknown): CachedJson {
  const body = new TextEncoder().encode(JSON.stringify(value));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Sends a {@link CachedJson}: 304 with no body when the request's `If-None-Match` names its ETag,
 * else 200 with the text. The API's `Cache-Control: no-store` stays: no cache keeps a caller's
 * answer, but a client that remembers the ETag itself (the web app) saves the body and the work.
 */
export function respondWithCachedJson(c: Context, cached: CachedJson): Response {
  const headers = { etag: cached.etag };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(cached.body, 200, { ...headers, 'content-type': 'application/json' });
}
