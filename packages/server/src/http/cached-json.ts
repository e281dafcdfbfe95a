import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

/**
 * A JSON answer serialised, encoded and gzipped once, with a strong ETag per representation, to be
 * sent many times. Answering a 70 KB listing by re-encoding it every time cost more than finding it,
 * and sending it uncompressed to 1,000 callers a second is 70 MB/s of copies and garbage.
 */
export interface CachedJson {
  /** UTF-8 bytes of the JSON. */
  readonly body: Uint8Array<ArrayBuffer>;
  /** The same bytes gzipped, for a caller that accepts gzip (every browser and fetch does). */
  readonly gzipped: Uint8Array<ArrayBuffer>;
  readonly etag: string;
}

/** Serialises `value` once, gzips it, and tags it with the SHA-256 of the text. */
export function cachedJson(value: unknown): CachedJson {
  const body = new TextEncoder().encode(JSON.stringify(value));
  const gzipped = new Uint8Array(gzipSync(body));
  return { body, gzipped, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Whether `Accept-Encoding` allows gzip (a `q=0` refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    return (coding === 'gzip' || coding === '*') && !refused;
  });
}

/**
 * Sends a {@link CachedJson}: 304 with no body when the request's `If-None-Match` names its ETag,
 * else 200 with the JSON, gzipped when the caller accepts it (`Vary: Accept-Encoding`; the gzipped
 * representation has its own ETag, suffixed `-gzip`). The API's `Cache-Control: no-store` stays:
 * no cache keeps a caller's answer, but a client that remembers the ETag itself (the web app)
 * saves the body and the work.
 */
export function respondWithCachedJson(c: Context, cached: CachedJson): Response {
  const gzip = acceptsGzip(c.req.header('accept-encoding'));
  const etag = gzip ? `${cached.etag.slice(0, -1)}-gzip"` : cached.etag;
  const headers = { etag, vary: 'Accept-Encoding' };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch?.split(',').some((tag) => [etag, cached.etag].includes(tag.trim().replace(/^W\//, '')))) {
    return c.body(null, 304, headers);
  }
  return gzip
    ? c.body(cached.gzipped, 200, {
        ...headers,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      })
    : c.body(cached.body, 200, { ...headers, 'content-type': 'application/json' });
}
