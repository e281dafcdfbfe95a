import type { TestClient } from './test-client.js';

/** How long {@link waitFor} keeps asking, and how often. */
export interface WaitForOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/**
 * Asks `probe` until it answers something other than `undefined` and returns that answer; throws
 * `timed out waiting for <what>` once `timeoutMs` has passed (for runs, events, rows written by
 * another process).
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  { timeoutMs = 60_000, intervalMs = 50 }: WaitForOptions = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The statuses after which a run changes no more without a new request (an answer, a resume). */
const SETTLED_RUN_STATUSES = ['completed', 'failed', 'cancelled', 'waiting_approval'];

/** A run as `GET /api/runs/{id}` shows it once it has settled (ended or waiting for approval). */
export function settledRun(client: TestClient, runId: string) {
  return waitFor(async () => {
    const run = (await client.request('GET', `/api/runs/${runId}`)).body.run;
    return SETTLED_RUN_STATUSES.includes(run.status) ? run : undefined;
  }, `run ${runId} to settle`);
}
