import { z } from '@hono/zod-openapi';
import { SkilldockError } from '@skilldock/core/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logging/logger.js';
import { errorStatus } from './error-status.js';
import { HttpError } from './http-error.js';

/** The body of every error answer: `{ error: { code, message, details } }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'not_found' }),
      message: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  })
  .openapi('Error');

/** The error answer of `status`, for route definitions' `responses`. */
export function errorResponseSpec(description: string) {
  return { description, content: { 'application/json': { schema: errorBodySchema } } };
}

/**
 * Turns anything a route threw into the error answer. Known errors keep their code, message and
 * details, with the status {@link errorStatus} gives them; anything else becomes a 500
 * `internal_error` whose message says only that — the cause is logged by name and request id,
 * never its stack or its SQL.
 */
export function errorResponse(c: Context, error: unknown, logger: Logger): Response {
  let status: ContentfulStatusCode = 500;
  let body = {
    code: 'internal_error',
    message: 'Internal server error',
    details: {} as Record<string, unknown>,
  };
  const known = errorStatus(error);
  // A Skilldock error no table gives a status is a failure of ours: it answers like any other.
  if (SkilldockError.isInstance(error) && (known !== 500 || HttpError.isInstance(error))) {
    status = known;
    body = { code: error.code, message: error.message, details: { ...error.details } };
  } else if (error instanceof HTTPException && error.status < 500) {
    status = error.status as ContentfulStatusCode;
    // Hono's own refusals (malformed JSON, a wrong content type) are invalid requests.
    body = {
      code: status === 413 ? 'body_too_large' : 'invalid_request',
      message: error.message || 'Invalid request',
      details: {},
    };
  } else {
    const name = error instanceof Error ? error.name : typeof error;
    const code =
      typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
    logger.error('request.failed', { requestId: c.get('requestId'), errorName: name, errorCode: code });
  }
  if (status === 429 && typeof body.details.retryAfterSeconds === 'number') {
    c.header('Retry-After', String(body.details.retryAfterSeconds));
  }
  return c.json({ error: body }, status);
}
