import { ModelError } from '../model-error.js';

/**
 * Default cap on the bytes of one model answer, as received (SSE framing included): 32 MiB.
 * Text and tool arguments are kept in memory until the turn ends, so the cap bounds that memory,
 * and it cuts a single endless SSE line (which the SDKs would buffer whole) before it grows further.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Cap on one line of an event stream: 4 MiB. The SDKs' line decoders copy and rescan their whole
 * buffer for every network chunk, so time grows with the square of a line's length; a 50 MB line
 * would stall the process for minutes long before `maxResponseBytes` ends it. Real events (one
 * delta each) are far smaller, even a whole tool call's arguments sent at once.
 */
export const MAX_STREAM_LINE_BYTES = 4 * 1024 * 1024;

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** The `fetch` signature both SDKs accept. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` whose response bodies fail with `model_response_invalid` once they pass
 * `maxResponseBytes`, or, in an event stream, once one line passes {@link MAX_STREAM_LINE_BYTES};
 * the connection is then dropped.
 */
export function createLimitedFetch(maxResponseBytes: number, provider: string): FetchFunction {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null) return response;
    const isEventStream = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
    let received = 0;
    let lineBytes = 0;
    const limit = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        const lineEnd = Math.max(chunk.lastIndexOf(LINE_FEED), chunk.lastIndexOf(CARRIAGE_RETURN));
        lineBytes = lineEnd === -1 ? lineBytes + chunk.byteLength : chunk.byteLength - lineEnd - 1;
        if (isEventStream && lineBytes > MAX_STREAM_LINE_BYTES) {
          controller.error(
            new ModelError(
              'model_response_invalid',
              `${provider}: the model server sent an event stream line longer than ${MAX_STREAM_LINE_BYTES} bytes; the answer was cut off.`,
              { details: { limit: MAX_STREAM_LINE_BYTES } },
            ),
          );
          return;
        }
        if (received > maxResponseBytes) {
          controller.error(
            new ModelError(
              'model_response_invalid',
              `${provider}: the model's answer is larger than the limit of ${maxResponseBytes} bytes (maxResponseBytes); it was cut off.`,
              { details: { limit: maxResponseBytes } },
            ),
          );
          return;
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(limit), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
