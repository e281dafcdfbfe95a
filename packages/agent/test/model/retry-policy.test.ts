import { parseRetryAfter, resolveRetryPolicy, retryDelay } from '@skilldock/agent/model';
import { describe, expect, it } from 'vitest';

const headers = (values: Record<string, string>) => new Headers(values);

describe('retry policy', () => {
  it('G1 backs off exponentially with jitter between half and all of the step, up to the cap', () => {
    const low = resolveRetryPolicy({ initialDelayMs: 100, maxDelayMs: 1000, random: () => 0 });
    const high = resolveRetryPolicy({ initialDelayMs: 100, maxDelayMs: 1000, random: () => 0.999 });
    expect([1, 2, 3, 4, 5].map((retry) => retryDelay(retry, undefined, low))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect(retryDelay(3, undefined, high)).toBeCloseTo(400, 0);
    expect(retryDelay(9, undefined, high)).toBeLessThanOrEqual(1000);
  });

  it('G1 follows the wait the server asked for, cut to maxRetryAfterMs', () => {
    const policy = resolveRetryPolicy({ maxRetryAfterMs: 5000 });
    expect(retryDelay(1, 1200, policy)).toBe(1200);
    expect(retryDelay(1, 120_000, policy)).toBe(5000);
  });

  it('G1 reads retry-after-ms first, then retry-after in seconds or as a date', () => {
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after': '2' }))).toBe(2000);
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    expect(parseRetryAfter(headers({ 'retry-after': inFiveSeconds }))).toBeGreaterThan(3000);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
  });

  it('G1 always sends at least one request', () => {
    expect(resolveRetryPolicy({ maxAttempts: 0 }).maxAttempts).toBe(1);
  });
});
