/** How a provider retries failed requests (SPEC G1). Every field has a default. */
export interface RetryPolicy {
  /** Requests sent at most, the first included. Default 4. */
  readonly maxAttempts?: number;
  /** Wait before the first retry when the server names none. Default 500 ms. */
  readonly initialDelayMs?: number;
  /** Longest backoff wait. Default 8 s. */
  readonly maxDelayMs?: number;
  /** Longest wait a `retry-after` header can ask for; longer asks are cut to this. Default 60 s. */
  readonly maxRetryAfterMs?: number;
  /** Random source in [0, 1) for jitter; tests pass a fixed one. Default `Math.random`. */
  readonly random?: () => number;
}

/** The policy with every default filled in. */
export type ResolvedRetryPolicy = Required<RetryPolicy>;

/** Fill in the defaults of a {@link RetryPolicy}. */
export function resolveRetryPolicy({
  maxAttempts = 4,
  initialDelayMs = 500,
  maxDelayMs = 8_000,
  maxRetryAfterMs = 60_000,
  random = Math.random,
}: RetryPolicy = {}): ResolvedRetryPolicy {
  return {
    maxAttempts: Math.max(1, Math.floor(maxAttempts)),
    initialDelayMs,
    maxDelayMs,
    maxRetryAfterMs,
    random,
  };
}

/**
 * The wait before retry number `retry` (1 for the first retry): what the server asked for, capped,
 * or exponential backoff with jitter (half fixed, half random, so clients spread out).
 * @example retryDelay(1, undefined, resolveRetryPolicy({ random: () => 0 })) // 250
 */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  policy: ResolvedRetryPolicy,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs);
  const backoff = Math.min(policy.initialDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
  return backoff / 2 + (backoff / 2) * policy.random();
}

/**
 * The wait a response asks for, in milliseconds: `retry-after-ms`, else `retry-after` as seconds or
 * as an HTTP date. Undefined when neither is usable.
 */
export function parseRetryAfter(
  headers: { get(name: string): string | null } | undefined,
): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
