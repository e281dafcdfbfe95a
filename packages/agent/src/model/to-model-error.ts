import { ModelError } from './model-error.js';
import { parseRetryAfter } from './retry-policy.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes of one SDK (the OpenAI and Anthropic SDKs share the names). */
export interface SdkErrorClasses {
  readonly APIError: ErrorClass;
  readonly APIUserAbortError: ErrorClass;
  readonly APIConnectionError: ErrorClass;
  readonly APIConnectionTimeoutError: ErrorClass;
}

const RETRYABLE_STATUSES = new Set([408, 409, 425, 429]);

/**
 * Translate whatever an SDK threw into a {@link ModelError}: cancellation, timeout, connection
 * failure or an HTTP status, with whether a retry may help and the wait the server asked for.
 */
export function toModelError(
  error: unknown,
  {
    classes,
    provider,
    signal,
  }: { classes: SdkErrorClasses; provider: string; signal: AbortSignal | undefined },
): ModelError {
  if (error instanceof ModelError) return error;
  if (signal?.aborted || error instanceof classes.APIUserAbortError || isAbortError(error)) {
    return new ModelError('model_request_cancelled', 'The model request was cancelled.', { cause: error });
  }
  if (error instanceof classes.APIConnectionTimeoutError) {
    return new ModelError('model_timeout', `${provider}: the model request timed out.`, {
      cause: error,
      details: { retryable: true },
    });
  }
  if (error instanceof classes.APIConnectionError) {
    const reason = (error.cause as Error | undefined)?.message ?? error.message;
    return new ModelError(
      'model_connection_failed',
      `${provider}: cannot reach the model server: ${reason}`,
      {
        cause: error,
        details: { retryable: true },
      },
    );
  }
  if (error instanceof classes.APIError) {
    const { status, headers } = error as Error & { status?: number; headers?: Headers };
    if (status === undefined) {
      return new ModelError('model_response_invalid', `${provider}: ${error.message}`, { cause: error });
    }
    const retryAfterMs = parseRetryAfter(headers);
    const shouldRetry = headers?.get('x-should-retry');
    const retryable =
      shouldRetry === 'true' ||
      (shouldRetry !== 'false' && (RETRYABLE_STATUSES.has(status) || status >= 500));
    return new ModelError('model_http_error', `${provider}: the model server answered ${error.message}`, {
      cause: error,
      details: { status, retryable, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
    });
  }
  if (isDroppedConnection(error)) {
    return new ModelError(
      'model_connection_failed',
      `${provider}: the connection to the model server broke`,
      {
        cause: error,
        details: { retryable: true },
      },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError('model_response_invalid', `${provider}: ${message}`, { cause: error });
}

const DROPPED_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE']);

// fetch reports a connection cut mid-body as `TypeError: terminated` with the socket error as cause.
function isDroppedConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  return (typeof code === 'string' && DROPPED_CONNECTION_CODES.has(code)) || error.message === 'terminated';
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
