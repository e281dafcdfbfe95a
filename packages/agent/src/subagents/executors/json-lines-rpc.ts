import type { Readable, Writable } from 'node:stream';
import { ExternalExecutorError } from './external-executor-error.js';
import { readJsonLines } from './read-json-lines.js';

/** A JSON-RPC error a request handler throws to answer with an error response. */
export class JsonRpcErrorResponse extends Error {
  constructor(
    readonly rpcCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Options of {@link JsonLinesRpc}. */
export interface JsonLinesRpcOptions {
  /** The longest line accepted, in bytes; a longer one is a protocol error (bounded memory). */
  readonly maxMessageBytes: number;
  /** Answers a request from the other side; throw {@link JsonRpcErrorResponse} to refuse it. */
  readonly onRequest: (method: string, params: unknown) => Promise<unknown> | unknown;
  readonly onNotification: (method: string, params: unknown) => void;
  /** Called once when the connection breaks: a malformed or oversized message, or {@link JsonLinesRpc.fail}. */
  readonly onFailure: (error: ExternalExecutorError) => void;
  /** Named in messages, such as `codex app-server`. */
  readonly peerName: string;
}

interface Pending {
  readonly method: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * JSON-RPC 2.0 over newline-delimited JSON, as `codex app-server` speaks it on stdio (it omits the
 * `"jsonrpc": "2.0"` member, so we neither send nor require it). Both sides send requests; lines
 * are bounded; anything that is not a JSON-RPC message breaks the connection, never the host.
 */
export class JsonLinesRpc {
  #nextId = 0;
  #pending = new Map<number, Pending>();
  #failure: ExternalExecutorError | undefined;
  readonly #output: Writable;
  readonly #options: JsonLinesRpcOptions;

  constructor(input: Readable, output: Writable, options: JsonLinesRpcOptions) {
    this.#output = output;
    this.#options = options;
    readJsonLines(input, {
      maxMessageBytes: options.maxMessageBytes,
      peerName: options.peerName,
      onMessage: (message) => this.#handleMessage(message),
      onFailure: (error) => this.fail(error),
    });
  }

  /** Sends a request and resolves with its result; rejects with its error or when the connection fails. */
  request(method: string, params: unknown): Promise<unknown> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { method, resolve, reject });
      this.#write({ id, method, params });
    });
  }

  notify(method: string, params?: unknown): void {
    if (this.#failure === undefined) this.#write(params === undefined ? { method } : { method, params });
  }

  /** Rejects every pending request with `error`; later messages are ignored. */
  fail(error: ExternalExecutorError): void {
    if (this.#failure !== undefined) return;
    this.#failure = error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#options.onFailure(error);
  }

  #malformed(why: string): void {
    this.fail(
      new ExternalExecutorError(
        'executor_protocol_error',
        `${this.#options.peerName} broke its JSON-RPC protocol with ${why}.`,
      ),
    );
  }

  #write(message: object): void {
    this.#output.write(`${JSON.stringify(message)}\n`);
  }

  #handleMessage(message: Record<string, unknown>): void {
    if (this.#failure !== undefined) return;
    const { id, method, params, result, error } = message;
    if (typeof method === 'string') {
      if (id === undefined) this.#options.onNotification(method, params);
      else if (typeof id !== 'number' && typeof id !== 'string')
        this.#malformed('a request id that is neither number nor string');
      else void this.#answer(id, method, params);
      return;
    }
    if (typeof id !== 'number' || !this.#pending.has(id)) {
      this.#malformed('a response to no request of ours');
      return;
    }
    const pending = this.#pending.get(id) as Pending;
    this.#pending.delete(id);
    if (error !== undefined) {
      const text =
        typeof error === 'object' &&
        error !== null &&
        typeof (error as { message?: unknown }).message === 'string'
          ? (error as { message: string }).message
          : JSON.stringify(error);
      pending.reject(
        new ExternalExecutorError(
          'executor_failed',
          `${this.#options.peerName} refused ${pending.method}: ${text}`,
        ),
      );
    } else pending.resolve(result);
  }

  async #answer(id: number | string, method: string, params: unknown): Promise<void> {
    try {
      const result = await this.#options.onRequest(method, params);
      if (this.#failure === undefined) this.#write({ id, result: result ?? {} });
    } catch (error) {
      const rpcError =
        error instanceof JsonRpcErrorResponse
          ? { code: error.rpcCode, message: error.message }
          : { code: -32603, message: error instanceof Error ? error.message : String(error) };
      if (this.#failure === undefined) this.#write({ id, error: rpcError });
    }
  }
}
