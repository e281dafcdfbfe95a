import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from './http-error.js';

/** The largest JSON (or other non-upload) request body: 1 MiB. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The largest upload body (an archive, SPEC P3: 10 MiB) plus room for multipart framing. */
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024 + 256 * 1024;

const UPLOAD_TYPES =
  /^(multipart\/form-data|application\/zip|application\/gzip|application\/octet-stream)\b/i;

/**
 * Caps every request body — by `Content-Length` up front and by counting while streaming, so a
 * lying header cannot pass — answering 413 `body_too_large`: uploads (multipart, zip, gzip,
 * octet-stream) at {@link UPLOAD_BODY_LIMIT}, everything else at {@link JSON_BODY_LIMIT}. A GET or
 * HEAD has no body to count (the Fetch API gives them none, whatever they send), and asking for it
 * would build a full web `Request` on every read request for nothing.
 */
export function bodyLimits({ json = JSON_BODY_LIMIT, upload = UPLOAD_BODY_LIMIT } = {}): MiddlewareHandler {
  const tooLarge = (limit: number) => () => {
    throw new HttpError(413, 'body_too_large', `The request body is larger than ${limit} bytes`, {
      details: { limit },
    });
  };
  const jsonLimit = bodyLimit({ maxSize: json, onError: tooLarge(json) });
  const uploadLimit = bodyLimit({ maxSize: upload, onError: tooLarge(upload) });
  return (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? next()
      : (UPLOAD_TYPES.test(c.req.header('content-type') ?? '') ? uploadLimit : jsonLimit)(c, next);
}
