import { loadCore } from '../load-core.js';

/** The run-worker flags `serve` and `worker` share (commander's strings). */
export interface RunWorkerFlags {
  readonly concurrency: string;
  readonly staleAfter: string;
  readonly drainTimeout: string;
}

/**
 * `--concurrency` (1–256 runs at once), `--stale-after` (1–3600 s without a heartbeat before a
 * run's worker counts as lost and another worker resumes the run, SPEC O1) and `--drain-timeout`
 * (0–3600 s a stopping worker lets its runs reach their next checkpoint before it hands them back)
 * as worker options; the heartbeat beats six times per stale period (at least every 100 ms: 1 s
 * for the default 6 s). Anything else is `invalid_request` naming the flag.
 */
export async function parseRunWorkerOptions(flags: RunWorkerFlags) {
  const { UserInputError } = await loadCore('errors');
  const whole = (flag: string, value: string, low: number, high: number): number => {
    const number = Number(value);
    if (!/^\d{1,6}$/.test(value) || number < low || number > high)
      throw new UserInputError(
        'invalid_request',
        `${flag} must be a whole number from ${low} to ${high}, not ${JSON.stringify(value)}`,
      );
    return number;
  };
  const concurrency = whole('--concurrency', flags.concurrency, 1, 256);
  const staleAfterMs = whole('--stale-after', flags.staleAfter, 1, 3600) * 1000;
  const drainTimeoutMs = whole('--drain-timeout', flags.drainTimeout, 0, 3600) * 1000;
  return {
    concurrency,
    staleAfterMs,
    heartbeatMs: Math.max(100, Math.round(staleAfterMs / 6)),
    drainTimeoutMs,
  };
}
