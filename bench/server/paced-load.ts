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
 * What each client requests: a GET of `path`, or a save of one file of its own personal skill
 * (`POST /api/personal-skills/<skillId>/save`, each save based on the revision the last one
 * returned, so every save writes a new revision and its history row).
 */
export type PacedRoute =
  | { readonly kind: 'get'; readonly path: string }
  | { readonly kind: 'save'; readonly skillId: string; readonly file: string };

/** The path a route's requests go to (as the server's request log names it). */
export function pacedRoutePath(route: PacedRoute): string {
  return route.kind === 'get' ? route.path : `/api/personal-skills/${route.skillId}/save`;
}

/**
 * A steady load: each client (one token each) sends a request every `1000 / ratePerClient` ms, the
 * clients' phases spread evenly over one interval, for `seconds`. Latency is taken from the time a
 * request was *scheduled*, not sent, so a slow answer that delays the next request is counted
 * against the server (no coordinated omission). Written here because autocannon's rate options
 * release each second's requests in one burst at the start of the second, which measures a queue of
 * 1,000 simultaneous requests rather than a paced load. GETs say `Accept-Encoding: gzip`, as
 * every browser and `fetch` does; their bodies are drained, not decompressed. A saving client reads
 * its skill's revision before the clock starts and each next one from the save's answer.
 */
export async function pacedLoad(
  base: string,
  route: PacedRoute,
  tokens: readonly string[],
  { ratePerClient, seconds }: { readonly ratePerClient: number; readonly seconds: number },
): Promise<PacedResult> {
  const interval = 1000 / ratePerClient;
  // One kept-alive socket per client; node:http rather than fetch, whose per-request cost in this
  // process would show up as latency here.
  const agent = new Agent({ keepAlive: true, maxSockets: tokens.length });
  const clients = tokens.map((token, index) => clientOf(base, route, token, agent, index));
  // Before the clock starts: each saving client reads its skill's revision.
  await Promise.all(clients.map((client) => client.prepare()));
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    clients.map(async ({ send }, index) => {
      let scheduled = started + (interval * index) / tokens.length;
      while (scheduled < end) {
        const wait = scheduled - performance.now();
        if (wait > 0) await sleep(wait);
        const ok = await send().catch(() => false);
        if (!ok) errors += 1;
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

/** One client: `prepare` once before the run, then `send` each request (true on a 2xx answer). */
interface PacedClient {
  prepare(): Promise<void>;
  send(): Promise<boolean>;
}

function clientOf(base: string, route: PacedRoute, token: string, agent: Agent, client: number): PacedClient {
  if (route.kind === 'get')
    return {
      prepare: async () => {},
      send: async () => {
        const { status } = await send(`${base}${route.path}`, { token, agent, gzip: true });
        return status >= 200 && status <= 299;
      },
    };
  const skill = `${base}/api/personal-skills/${route.skillId}`;
  let revision: string | undefined;
  let saves = 0;
  const readRevision = async () => {
    const tree = await send(`${skill}/tree`, { token, agent });
    revision = (JSON.parse(tree.body) as { revision?: string }).revision;
  };
  return {
    prepare: readRevision,
    send: async () => {
      // After a failed save the skill's revision is read again, within this save's latency, as an
      // editor reloading after a conflict would wait for it.
      if (revision === undefined) await readRevision();
      saves += 1;
      const saved = await send(`${skill}/save`, {
        token,
        agent,
        json: {
          baseRevision: revision,
          // Bytes of this client's own (different users never write the same content), new each save.
          edits: [
            {
              type: 'write',
              path: route.file,
              content: `Saved by benchmark client ${client} at ${Date.now()}, edit ${saves}.\n`,
            },
          ],
        },
      });
      const ok = saved.status === 200;
      revision = ok ? (JSON.parse(saved.body) as { revision: string }).revision : undefined;
      return ok;
    },
  };
}

/**
 * One request with the token; a GET's body is drained (and kept only when not gzip), a POST sends
 * `json` and keeps the answer's text.
 */
function send(
  url: string,
  { token, agent, gzip = false, json }: { token: string; agent: Agent; gzip?: boolean; json?: unknown },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const outgoing = request(
      url,
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        if (gzip) response.resume();
        else response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.once('error', reject);
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}
