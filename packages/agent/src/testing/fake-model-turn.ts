/** A tool call the fake model makes. `arguments` is sent as JSON text (a string is sent as is). */
export interface FakeToolCall {
  readonly name: string;
  readonly arguments?: unknown;
  /** Default `call_<request>_<n>` (OpenAI, both APIs) or `toolu_<request>_<n>` (Anthropic). */
  readonly id?: string;
}

/** Token counts the fake reports; by default derived from the sizes of the request and answer. */
export interface FakeUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly cachedInputTokens?: number;
}

/** An HTTP error answer, e.g. `{ status: 429, headers: { 'retry-after': '1' } }`. */
export interface FakeErrorAnswer {
  readonly status: number;
  /** JSON body (an object) or raw text; default the protocol's error shape. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Arbitrary bytes to answer with (hostile-server tests): a status (default 200), headers (default
 * `content-type: text/event-stream`) and a body written as is. An array body is written chunk by
 * chunk, each as its own write; the connection then closes cleanly.
 */
export interface FakeRawAnswer {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string | readonly string[];
}

/** Where a streamed answer holds, and until when: see {@link FakeTurn.pause}. */
export interface FakePause {
  readonly afterEvents: number;
  readonly until: PromiseLike<unknown>;
}

/**
 * One scripted answer. With `raw`, the server sends exactly those bytes; with `error`, that HTTP
 * error; otherwise it streams
 * (or returns, for non-streaming requests) the text and then the tool calls.
 */
export interface FakeTurn {
  readonly text?: string;
  readonly toolCalls?: readonly FakeToolCall[];
  readonly error?: FakeErrorAnswer;
  readonly raw?: FakeRawAnswer;
  readonly usage?: FakeUsage;
  /** Stop reason; default `tool-calls` when there are tool calls, else `stop`. */
  readonly finishReason?: 'stop' | 'length' | 'tool-calls';
  /** Wait before answering, in milliseconds. */
  readonly delayMs?: number;
  /** Wait between streamed chunks, in milliseconds (slow streaming, for cancellation tests). */
  readonly chunkDelayMs?: number;
  /** Cut the connection after this many streamed events (a network failure mid-answer). */
  readonly dropAfterEvents?: number;
  /**
   * Stream `afterEvents` events, then wait for `until` before the rest: holds an answer half-way
   * for as long as a test needs to see the state it is in (a timed stream may end before a busy
   * machine gets to look). Streaming requests only.
   */
  readonly pause?: FakePause;
  /** Characters per text or argument chunk. Default 16. */
  readonly chunkSize?: number;
}

/** Which protocol a request spoke: Chat Completions, Anthropic Messages or the OpenAI Responses API. */
export type FakeProtocol = 'openai' | 'anthropic' | 'openai-responses';

/** A request the fake server received, with its parsed JSON body. */
export interface RecordedRequest {
  /** 0-based position among all requests. */
  readonly index: number;
  readonly protocol: FakeProtocol;
  readonly method: string;
  readonly path: string;
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** When the body had arrived, in epoch milliseconds with sub-millisecond precision. */
  readonly receivedAt: number;
  /** Time the server spent on the request, from the last body byte to the last answer byte (set when done). */
  handlingMs?: number;
}

/** A turn computed from the request, for dynamic answers. */
export type FakeTurnFunction = (request: RecordedRequest) => FakeTurn | Promise<FakeTurn>;

/** Turns played in order, one per request; or one function answering every request. */
export type FakeScript = readonly (FakeTurn | FakeTurnFunction)[] | FakeTurnFunction;
