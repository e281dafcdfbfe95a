import type { RetryPolicy } from '../retry-policy.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './limit-response-bytes.js';

/** Per-request timeout of a provider unless told otherwise: 10 minutes. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;

/** What every HTTP model provider takes, whatever its protocol. */
export interface HttpProviderOptions {
  /** Provider name for messages and stats. Default: the protocol's (`openai`, `anthropic`). */
  readonly name?: string;
  readonly apiKey: string;
  /** Base URL; what it includes depends on the protocol. Default the vendor's. */
  readonly baseUrl?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-request timeout in milliseconds. Default {@link DEFAULT_REQUEST_TIMEOUT_MS} (10 minutes). */
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** The variable holding `apiKey`, named when the server refuses the key (401, 403). */
  readonly apiKeyVariable?: string;
  /**
   * Cap on the bytes of one answer as received; past it the answer is cut with
   * `model_response_invalid`. Default {@link DEFAULT_MAX_RESPONSE_BYTES} (32 MiB).
   */
  readonly maxResponseBytes?: number;
}
