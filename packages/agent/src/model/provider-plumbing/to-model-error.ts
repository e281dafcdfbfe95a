import { inspect } from 'node:util';
import { ModelError } from '../model-error.js';
import { parseRetryAfter } from '../retry-policy.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes of one SDK (the OpenAI and Anthropic SDKs share the names). */
export interface SdkErrorClasses {
  readonly APIError: ErrorClass;
  readonly APIUserAbortError: ErrorClass;
  readonly APIConnectionError: ErrorClass;
  readonly APIConnectionTimeoutError: ErrorClass;
}

// Stand-ins no error is an instance of, for a failure before the SDK was loaded.
class NoSdkError extends Error {}
const NO_SDK_CLASSES: SdkErrorClasses = {
  APIError: NoSdkError,
  APIUserAbortError: NoSdkError,
  APIConnectionError: NoSdkError,
  APIConnectionTimeoutError: NoSdkError,
};

const RETRYABLE_STATUSES = new Set([408, 409, 425, 429]);

/** Error types an Anthropic stream may carry that mean "try again" (529, 500, 429 as events). */
const RETRYABLE_STREAM_ERRORS = new Set(['overloaded_error', 'api_error', 'rate_limit_error']);

/** The `error.type` of an error body an SDK attached, e.g. `{ type: 'error', error: { type } }`. */
function streamedErrorType(error: Error): string | undefined {
  const body = (error as Error & { error?: unknown }).error;
  if (typeof body !== 'object' || body === null) return undefined;
  const inner = (body as { error?: unknown }).error;
  if (typeof inner !== 'object' || inner === null) return undefined;
  const type = (inner as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

/** What {@link toModelError} needs besides the error. */
export interface ToModelErrorOptions {
  /** The SDK's error classes; absent when the SDK could not be loaded (then no error is one of them). */
  readonly classes: SdkErrorClasses | undefined;
  readonly provider: string;
  readonly signal: AbortSignal | undefined;
  /** The API key: never shown, even when a server echoes it back. */
  readonly apiKey?: string;
  /** The variable holding the key, named when the server refuses it (401, 403). */
  readonly apiKeyVariable?: string;
  /**
   * Where the request went, `POST <url>, model <id>` (see `describeEndpoint`): named in timeout,
   * connection and HTTP status errors so the user sees which server and model failed.
   */
  readonly endpoint?: string;
  /** Other text to mask whatever its length, such as the `user:password@` of the base URL. */
  readonly secrets?: readonly string[];
}

/**
 * Translate whatever an SDK threw into a {@link ModelError}: cancellation, timeout, connection
 * failure or an HTTP status, with whether a retry may help and the wait the server asked for.
 * The API key is masked in the message, and a cause that contains it is left out.
 */
export function toModelError(error: unknown, options: ToModelErrorOptions): ModelError {
  // Very short keys (placeholders) would mask ordinary words.
  const key = options.apiKey === undefined || options.apiKey.length < 8 ? [] : [options.apiKey];
  return withoutSecrets(translate(error, options), [...key, ...(options.secrets ?? [])]);
}

const MASK = '[redacted]';

function withoutSecrets(error: ModelError, secrets: readonly string[]): ModelError {
  const shown = secrets.filter((secret) => secret !== '');
  if (shown.length === 0) return error;
  const cause = error.cause === undefined ? '' : inspect(error.cause, { depth: 6 });
  const causeLeaks = shown.some((secret) => cause.includes(secret));
  if (!causeLeaks && !shown.some((secret) => error.message.includes(secret))) return error;
  const message = shown.reduce((text, secret) => text.split(secret).join(MASK), error.message);
  return new ModelError(error.code, message, {
    ...(causeLeaks ? {} : { cause: error.cause }),
    details: error.details,
  });
}

function translate(
  error: unknown,
  { classes = NO_SDK_CLASSES, provider: name, signal, apiKeyVariable, endpoint }: ToModelErrorOptions,
): ModelError {
  // Errors about reaching the server say which one; errors about the stream's content do not need to.
  const provider = endpoint === undefined ? name : `${name}: ${endpoint}`;
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
      // An error event inside a stream (Anthropic sends `overloaded_error` this way): as retryable
      // as the matching status would be, since the caller has seen no output when it comes first.
      const streamed = streamedErrorType(error);
      const retryable = streamed !== undefined && RETRYABLE_STREAM_ERRORS.has(streamed);
      return new ModelError('model_response_invalid', `${name}: ${error.message}`, {
        cause: error,
        ...(retryable ? { details: { retryable: true } } : {}),
      });
    }
    const retryAfterMs = parseRetryAfter(headers);
    const shouldRetry = headers?.get('x-should-retry');
    const retryable =
      shouldRetry === 'true' ||
      (shouldRetry !== 'false' && (RETRYABLE_STATUSES.has(status) || status >= 500));
    const keyHint =
      status === 401 || status === 403
        ? `${error.message.endsWith('.') ? '' : '.'} The server refused the API key: check ${apiKeyVariable ?? `the API key configured for ${name}`}.`
        : '';
    return new ModelError(
      'model_http_error',
      `${provider}: the model server answered ${error.message}${keyHint}`,
      {
        cause: error,
        details: { status, retryable, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
      },
    );
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
  if (error instanceof SyntaxError) {
    return new ModelError(
      'model_response_invalid',
      `${name}: the model server sent a stream event that is not valid JSON: ${error.message}`,
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError('model_response_invalid', `${name}: ${message}`, { cause: error });
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
