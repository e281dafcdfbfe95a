/** The request options of a streamed POST whose body is JSON text prepared beforehand. */
export interface EventStreamRequest {
  readonly body: string;
  readonly headers: { readonly 'content-type': 'application/json' };
  readonly stream: true;
  readonly signal?: AbortSignal;
}

/** The part of an SDK client (OpenAI's, Anthropic's) that sends a request. */
export interface PostingClient {
  post(
    path: string,
    options: EventStreamRequest,
  ): { withResponse(): Promise<{ readonly data: unknown; readonly response: Response }> };
}

/**
 * Sends `body` as it is to `path` with the client's `post` and hands back the SDK's event stream
 * and the raw response: `create` would serialise the whole prompt again, and the stable head of the
 * body is serialised once (`createStableHeadJson`).
 * @example const post = postEventStream<ChatCompletionChunk>(client, '/chat/completions');
 */
export function postEventStream<RawEvent>(client: PostingClient, path: string) {
  return async (
    body: string,
    signal: AbortSignal | undefined,
  ): Promise<{ readonly stream: AsyncIterable<RawEvent>; readonly response: Response }> => {
    const request: EventStreamRequest = {
      body,
      headers: { 'content-type': 'application/json' },
      stream: true,
      ...(signal === undefined ? {} : { signal }),
    };
    const { data, response } = await client.post(path, request).withResponse();
    // With `stream: true` the SDK's data is its Stream of the protocol's events.
    return { stream: data as AsyncIterable<RawEvent>, response };
  };
}
