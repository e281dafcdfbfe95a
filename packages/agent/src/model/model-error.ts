import { type ErrorDetails, SkilldockError } from '@skilldock/core/errors';

/**
 * Codes of {@link ModelError}:
 * - `model_not_configured`: no model, provider or key is set; the message says what to set.
 * - `model_not_available`: no configured provider offers a bare model id; the message names the
 *   providers tried (details `model`, `tried`).
 * - `model_request_cancelled`: the caller's signal aborted the request (not a failure).
 * - `model_timeout`: no answer within the per-request timeout.
 * - `model_connection_failed`: the server could not be reached.
 * - `model_http_error`: the server answered with an error status.
 * - `model_response_invalid`: the answer broke the protocol.
 * - `model_input_unsupported`: the request holds what the protocol cannot carry (a video for Anthropic).
 */
export type ModelErrorCode =
  | 'model_not_configured'
  | 'model_not_available'
  | 'model_request_cancelled'
  | 'model_timeout'
  | 'model_connection_failed'
  | 'model_http_error'
  | 'model_response_invalid'
  | 'model_input_unsupported';

/** Structured fields of a {@link ModelError}. */
export interface ModelErrorDetails extends ErrorDetails {
  /** HTTP status, for `model_http_error`. */
  readonly status?: number;
  /** True when the same request may succeed when sent again (429, 5xx, network, timeout). */
  readonly retryable?: boolean;
  /** The wait the server asked for (`retry-after-ms` / `retry-after`), in milliseconds. */
  readonly retryAfterMs?: number;
  /** How many requests were sent before giving up. */
  readonly attempts?: number;
  /** The model id, for `model_not_available`. */
  readonly model?: string;
  /** The providers asked, in order, for `model_not_available`. */
  readonly tried?: readonly string[];
}

/**
 * A model request failed, or no model is configured (SPEC G1). Thrown by providers and by
 * `resolveModelConfig`; match on `code`.
 */
export class ModelError extends SkilldockError {
  declare readonly code: ModelErrorCode;
  declare readonly details: ModelErrorDetails;

  constructor(
    code: ModelErrorCode,
    message: string,
    options: { cause?: unknown; details?: ModelErrorDetails } = {},
  ) {
    super(code, message, options);
  }

  /** True when sending the same request again may succeed. */
  get retryable(): boolean {
    return this.details.retryable === true;
  }
}
