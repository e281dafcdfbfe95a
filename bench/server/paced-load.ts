import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** What a paced run measured: latencies from each request's scheduled start, in milliseconds. */
export interface PacedResult {
  readonly p50: number;
  readonly p99: number;
  readonly requestsPerSecond: number;
  readonly errors: number;
}

/**
 * A steady load: each client (one token each) sends a request every `1000 / ratePerClient` ms, the
 * clients' phases spread evenly over one interval, for `seconds`. Latency is taken from the time a
 * request was *scheduled*, not sent, so a slow answer that delays the next request is counted
 * against the server (no coordinated omission). Written here because autocannon's rate options
 * release each second's requests in one burst at the start of the second, which measures a queue of
 * 1,000 simultaneous requests rather than a paced load. Requests say `Accept-Encoding: gzip`, as
 * every browser and `fetch` does; the bodies are drained, not decompressed.
 */
export async function pacedLoad(
  url: string,
  tokens: readonly string[],
  { ratePerClient, seconds }: { readonly ratePerClient: number; readonly seconds: number },
): Promise<PacedResult> {
  const interval = 1000 / ratePerClient;
  const started = performance.now();
  const end = started + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  // One kept-alive socket per client; node:http rather than fetch, whose per-request cost in this
  // process would show up as latency here.
  const agent = new Agent({ keepAlive: true, maxSockets: tokens.length });
  await Promise.all(
    tokens.map(async (token, index) => {
      let scheduled = started + (interval * index) / tokens.length;
      while (scheduled < end) {
        const wait = scheduled - performance.now();
        if (wait > 0) await sleep(wait);
        const status = await get(url, token, agent).catch(() => 0);
        if (status < 200 || status > 299) errors += 1;
        latencies.push(performance.now() - scheduled);
        scheduled += interval;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    p50: at(0.5),
    p99: at(0.99),
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    errors,
  };
}

/** One GET with the token, the body drained; resolves with the status. */
function get(url: string, token: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
        response.once('error', reject);
      },
    );
    outgoing.once('error', reject);
    outgoing.end();
  });
}
