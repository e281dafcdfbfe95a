import { createLimitedFetch, type FetchFunction } from './limit-response-bytes.js';

/** The constructor options both SDK clients get: our fetch, our timeout, and no retries of their own. */
export interface SdkClientSettings {
  readonly apiKey: string;
  readonly defaultHeaders: Record<string, string>;
  /** Always 0: the single retry policy is `streamWithRetries` (SPEC G1). */
  readonly maxRetries: 0;
  /** A fetch whose answers are cut at `maxResponseBytes` (see `createLimitedFetch`). */
  readonly fetch: FetchFunction;
  readonly timeout: number;
}

/**
 * The settings an SDK client is built with, from a provider's resolved options.
 * @example new sdk.default({ ...sdkClientSettings(options), baseURL })
 */
export function sdkClientSettings(options: {
  readonly name: string;
  readonly apiKey: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
}): SdkClientSettings {
  return {
    apiKey: options.apiKey,
    defaultHeaders: { ...options.headers },
    maxRetries: 0,
    fetch: createLimitedFetch(options.maxResponseBytes, options.name),
    timeout: options.timeoutMs,
  };
}
