import { loadCore } from '../load-core.js';

/** The run-worker flags `serve` and `worker` share (commander's strings). */
export interface RunWorkerFlags {
  readonly concurrency: string;
  readonly staleAfter: string;
}

/**
 * `--concurrency` (1–256 runs at once) and `--stale-after` (1–3600 s without a heartbeat before a
 * run ends `failed`) as worker options; the heartbeat beats ten times per stale period (at least
 * every 100 ms). Anything else is `invalid_request` naming the flag.
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
  return { concurrency, staleAfterMs, heartbeatMs: Math.max(100, Math.round(staleAfterMs / 10)) };
}
