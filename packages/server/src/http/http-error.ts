import { type ErrorCode, type ErrorDetails, SkilldockError } from '@skilldock/core/errors';
import './../error-codes.js';

/** The HTTP statuses the API answers errors with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502;

/**
 * An error a route answers with: the status and the `{ error: { code, message, details } }` body
 * (see `errorResponse`). The message is for people and never holds a secret, SQL or a stack.
 * @example throw new HttpError(404, 'not_found', 'No such user');
 */
export class HttpError extends SkilldockError {
  readonly status: ErrorStatus;

  constructor(
    status: ErrorStatus,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetails; cause?: unknown } = {},
  ) {
    super(code, message, options);
    this.status = status;
  }
}
