/** A Server-Sent Events client over real HTTP for run streams: reads events, can drop and reconnect. */

/** One event of a run stream. */
export interface StreamedEvent {
  readonly id: number;
  readonly event: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the event carried.
  readonly data: any;
}

/**
 * Reads `url`'s event stream (with `Last-Event-ID: lastEventId` when given) until `stopWhen` says
 * so — then drops the connection — or the server ends it. Returns the events read.
 */
export async function readRunStream(
  url: string,
  token: string,
  options: { readonly lastEventId?: number; readonly stopWhen?: (event: StreamedEvent) => boolean } = {},
): Promise<StreamedEvent[]> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200)
    throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const events: StreamedEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return events;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
        }
        if (!fields.has('id')) continue;
        const event = {
          id: Number(fields.get('id')),
          event: fields.get('event') ?? 'message',
          data: JSON.parse(fields.get('data') ?? 'null'),
        };
        events.push(event);
        if (options.stopWhen?.(event) === true) {
          controller.abort();
          return events;
        }
      }
    }
  } catch (error) {
    if (controller.signal.aborted) return events;
    throw error;
  } finally {
    controller.abort();
  }
}
