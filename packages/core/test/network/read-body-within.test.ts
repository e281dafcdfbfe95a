import { describe, expect, it } from 'vitest';
import { readBodyWithin } from '../../src/network/index.js';

/** An answer streaming `chunks`, recording whether its reader was cancelled. */
function streamed(chunks: readonly string[]) {
  let cancelled = false;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[sent];
      sent += 1;
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body), cancelled: () => cancelled, sent: () => sent };
}

describe('readBodyWithin', () => {
  it('reads a body of exactly the limit, across chunks', async () => {
    const answer = streamed(['abc', 'def']);
    expect((await readBodyWithin(answer.response, 6))?.toString('utf8')).toBe('abcdef');
    expect(answer.cancelled()).toBe(false);
  });

  it('answers undefined one byte past the limit, cancels the stream and reads no further', async () => {
    const answer = streamed(['abc', 'defg', 'never read']);
    expect(await readBodyWithin(answer.response, 6)).toBeUndefined();
    expect(answer.cancelled()).toBe(true);
    expect(answer.sent()).toBe(2);
  });

  it('reads no body as empty', async () => {
    expect(await readBodyWithin(new Response(null), 0)).toEqual(Buffer.alloc(0));
  });
});
