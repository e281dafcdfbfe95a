import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { anthropicErrorBody, anthropicResponse, anthropicStreamEvents } from './anthropic-wire.js';
import type {
  FakeProtocol,
  FakeRawAnswer,
  FakeScript,
  FakeTurn,
  RecordedRequest,
} from './fake-model-turn.js';
import { responsesResponse, responsesStreamEvents } from './openai-responses-wire.js';
import { openaiErrorBody, openaiResponse, openaiStreamEvents } from './openai-wire.js';

/** Options of {@link startFakeModelServer}. */
export interface FakeModelServerOptions {
  readonly script: FakeScript;
  /** Port on 127.0.0.1. Default 0 (any free port). */
  readonly port?: number;
  /**
   * The ids `GET /v1/models` lists (OpenAI and Anthropic shape, `{ data: [{ id }] }`); without it
   * the route answers 404, as a server without a model list does. Listing is not recorded.
   */
  readonly models?: readonly string[];
}

/** A running fake model server. */
export interface FakeModelServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Base URL for the OpenAI SDK (`…/v1`). */
  readonly openaiBaseUrl: string;
  /** Base URL for the Anthropic SDK (no `/v1`; the SDK adds it). */
  readonly anthropicBaseUrl: string;
  /** Every request so far, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Turns of an array script not played yet. */
  remainingTurns(): number;
  /** Forget the recorded requests (long benchmarks); numbering goes on. */
  clearRequests(): void;
  close(): Promise<void>;
}

const ROUTES: Readonly<Record<string, FakeProtocol>> = {
  '/v1/chat/completions': 'openai',
  '/chat/completions': 'openai',
  '/v1/responses': 'openai-responses',
  '/responses': 'openai-responses',
  '/v1/messages': 'anthropic',
};

/**
 * A deterministic, scripted model server on loopback speaking OpenAI Chat Completions
 * (`POST /v1/chat/completions`), the OpenAI Responses API (`POST /v1/responses`) and Anthropic
 * Messages (`POST /v1/messages`), streamed (SSE, exactly as the providers chunk it) and not. Each request plays the next scripted turn; every request body
 * and header is recorded. When the script runs out, it answers 400 with a message saying so.
 * @example
 * const server = await startFakeModelServer({ script: [{ toolCalls: [{ name: 'ls', arguments: {} }] }, { text: 'Done.' }] });
 * const provider = createOpenAIProvider({ apiKey: 'test', baseUrl: server.openaiBaseUrl });
 */
export async function startFakeModelServer({
  script,
  port = 0,
  models,
}: FakeModelServerOptions): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  let nextTurn = 0;
  let requestsCleared = 0;
  const open = new Set<ServerResponse>();

  const pickTurn = async (request: RecordedRequest): Promise<FakeTurn | undefined> => {
    if (typeof script === 'function') return script(request);
    const entry = script[nextTurn];
    if (entry === undefined) return undefined;
    nextTurn++;
    return typeof entry === 'function' ? entry(request) : entry;
  };

  const server = createServer((incoming, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    handle(incoming, response).catch((error: unknown) => {
      // 400, not 500: a broken script must fail the test at once, not be retried.
      if (!response.headersSent) {
        sendJson(response, 400, {
          error: { message: `fake model server: the script failed: ${(error as Error).message}` },
        });
      } else response.destroy();
    });
  });

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const protocol = ROUTES[path];
    const raw = await readBody(incoming);
    const started = performance.now();
    if (incoming.method === 'GET' && (path === '/v1/models' || path === '/models') && models !== undefined) {
      sendJson(response, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', type: 'model', created: 0, owned_by: 'fake' })),
      });
      return;
    }
    if (incoming.method !== 'POST' || protocol === undefined) {
      sendJson(response, 404, {
        error: { message: `fake model server: no route ${incoming.method} ${path}` },
      });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      sendJson(response, 400, { error: { message: 'fake model server: the request body is not JSON' } });
      return;
    }
    const recorded: RecordedRequest = {
      index: requestsCleared + requests.length,
      protocol,
      method: incoming.method,
      path,
      headers: Object.fromEntries(
        Object.entries(incoming.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      ),
      body,
      receivedAt: performance.timeOrigin + started,
    };
    requests.push(recorded);
    const turn = await pickTurn(recorded);
    if (turn === undefined) {
      const message = `fake model server: the script has no turn left for request #${recorded.index + 1} (${nextTurn} scripted turns were played)`;
      sendJson(
        response,
        400,
        protocol !== 'anthropic'
          ? { error: { message, type: 'invalid_request_error' } }
          : { type: 'error', error: { type: 'invalid_request_error', message } },
      );
      return;
    }
    if (turn.delayMs) await delay(turn.delayMs);
    await answer(response, protocol, turn, recorded, Buffer.byteLength(raw));
    recorded.handlingMs = performance.now() - started;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    requests,
    clearRequests: () => {
      requestsCleared += requests.length;
      requests.length = 0;
    },
    remainingTurns: () =>
      typeof script === 'function' ? Number.POSITIVE_INFINITY : script.length - nextTurn,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  response: ServerResponse,
  protocol: FakeProtocol,
  turn: FakeTurn,
  request: RecordedRequest,
  requestBytes: number,
): Promise<void> {
  if (turn.raw !== undefined) {
    await sendRaw(response, turn.raw);
    return;
  }
  if (turn.error !== undefined) {
    const { status, headers = {} } = turn.error;
    const body =
      turn.error.body ?? (protocol === 'anthropic' ? anthropicErrorBody(status) : openaiErrorBody(status));
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(text);
    return;
  }
  const body = request.body as {
    model?: unknown;
    stream?: unknown;
    stream_options?: { include_usage?: unknown };
  };
  const model = typeof body.model === 'string' ? body.model : 'fake-model';
  const common = { turn, requestIndex: request.index, model, requestBytes };
  if (body.stream !== true) {
    const answers = {
      openai: () => openaiResponse({ ...common, includeUsage: true }),
      'openai-responses': () => responsesResponse(common),
      anthropic: () => anthropicResponse(common),
    };
    sendJson(response, 200, answers[protocol]());
    return;
  }
  const named = ({ event, data }: { event: string; data: string }) => `event: ${event}\ndata: ${data}\n\n`;
  const frames =
    protocol === 'openai'
      ? openaiStreamEvents({ ...common, includeUsage: body.stream_options?.include_usage === true }).map(
          (data) => `data: ${data}\n\n`,
        )
      : (protocol === 'anthropic' ? anthropicStreamEvents(common) : responsesStreamEvents(common)).map(named);
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const sent = turn.dropAfterEvents === undefined ? frames : frames.slice(0, turn.dropAfterEvents);
  if (!turn.chunkDelayMs && !turn.pause) {
    if (sent === frames) response.end(frames.join(''));
    else response.write(sent.join(''), () => response.destroy());
    return;
  }
  for (const [position, frame] of sent.entries()) {
    if (position === turn.pause?.afterEvents) await turn.pause.until;
    if (response.destroyed) return;
    response.write(frame);
    if (turn.chunkDelayMs) await delay(turn.chunkDelayMs);
  }
  if (sent === frames) response.end();
  else response.destroy();
}

async function sendRaw(response: ServerResponse, raw: FakeRawAnswer): Promise<void> {
  response.writeHead(raw.status ?? 200, { 'content-type': 'text/event-stream', ...raw.headers });
  const chunks = typeof raw.body === 'string' ? [raw.body] : raw.body;
  for (const chunk of chunks) {
    if (response.destroyed) return;
    // Wait for each chunk to drain so a large answer is not buffered whole in the server.
    if (!response.write(chunk)) await drainedOrClosed(response);
  }
  response.end();
}

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
