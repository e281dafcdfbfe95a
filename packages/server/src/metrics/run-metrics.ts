import type { ModelUsage } from '@skilldock/agent/model';

/**
 * What the process executing runs reports to `/metrics` (SPEC O3). Optional wherever runs are
 * executed: a process without a metrics registry passes none.
 */
export interface RunMetrics {
  /** A run's execution ended with `status` after `seconds` (one execution: a resumed run counts again). */
  observeRunEnd(status: string, seconds: number): void;
  /** One model request to `provider` took `seconds` until its stream ended (`ok`) or failed (`error`). */
  observeModelRequest(provider: string, seconds: number, outcome: 'ok' | 'error'): void;
  /** Tokens one model request used, by provider. */
  addModelTokens(provider: string, usage: ModelUsage): void;
  /** A run's shell sandbox could not be built as configured (`sandbox_unavailable`, …). */
  countSandboxFailure(code: string): void;
}
