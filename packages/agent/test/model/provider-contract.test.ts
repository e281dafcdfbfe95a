import {
  type ConversationMessage,
  ModelError,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
} from '@skilldock/agent/model';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from './protocol-cases.js';

const LOOKUP_TOOL = {
  name: 'lookup',
  description: 'Look a word up.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
};

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function collect(
  provider: ModelProvider,
  request: Partial<ModelRequest> = {},
): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of provider.stream({
    model: 'test-model',
    system: 'Be brief.',
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [LOOKUP_TOOL],
    ...request,
  })) {
    events.push(event);
  }
  return events;
}

describe.each(PROTOCOL_CASES)('$protocol provider', (protocolCase) => {
  const start = async (script: FakeScript) => {
    server = await startFakeModelServer({ script });
    return server;
  };

  it('G1 streams text in several deltas and finishes with stop', async () => {
    const fake = await start([{ text: 'The quick brown fox jumps over the lazy dog.', chunkSize: 8 }]);
    const events = await collect(protocolCase.provider(fake));
    const deltas = events.filter((event) => event.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.text).join('')).toBe('The quick brown fox jumps over the lazy dog.');
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(protocolCase.systemOf(fake.requests[0]?.body)).toBe('Be brief.');
    expect(protocolCase.toolNamesOf(fake.requests[0]?.body)).toEqual(['lookup']);
  });

  it('G1 assembles parallel tool calls from deltas split over chunks, in order', async () => {
    const fake = await start([
      {
        text: 'Looking up.',
        toolCalls: [
          { name: 'lookup', arguments: { word: 'serendipity' } },
          { name: 'lookup', arguments: { word: 'petrichor' } },
        ],
        chunkSize: 4,
      },
    ]);
    const events = await collect(protocolCase.provider(fake));
    const calls = events.flatMap((event) => (event.type === 'tool-call' ? [event.toolCall] : []));
    expect(calls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ['lookup', { word: 'serendipity' }],
      ['lookup', { word: 'petrichor' }],
    ]);
    expect(new Set(calls.map((call) => call.id)).size).toBe(2);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls' });
  });

  it('G1 sends tool results back under the ids of their calls (round trip)', async () => {
    const fake = await start([
      { toolCalls: [{ name: 'lookup', arguments: { word: 'a' } }] },
      { text: 'Done.' },
    ]);
    const provider = protocolCase.provider(fake);
    const first = await collect(provider);
    const call = first.flatMap((event) => (event.type === 'tool-call' ? [event.toolCall] : []))[0]!;
    const messages: ConversationMessage[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: '', toolCalls: [call] },
      {
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: 'a: the first letter',
        isError: false,
      },
    ];
    const second = await collect(provider, { messages });
    expect(
      second
        .filter((event) => event.type === 'text-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Done.');
    expect(protocolCase.toolResultsOf(fake.requests[1]?.body)).toEqual([
      { id: call.id, content: 'a: the first letter', isError: false },
    ]);
  });

  it('G1 reports usage with cached input tokens', async () => {
    const fake = await start([
      { text: 'ok', usage: { inputTokens: 1200, outputTokens: 7, cachedInputTokens: 1024 } },
    ]);
    const events = await collect(protocolCase.provider(fake));
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', usage: { inputTokens: 1200, outputTokens: 7, cachedInputTokens: 1024 } },
    ]);
  });

  it('G1 waits as long as retry-after-ms asks after a 429, then succeeds', async () => {
    const fake = await start([
      { error: { status: 429, headers: { 'retry-after-ms': '300' } } },
      { text: 'ok' },
    ]);
    const events = await collect(protocolCase.provider(fake, { retry: { initialDelayMs: 1 } }));
    expect(
      events
        .filter((event) => event.type === 'text-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('ok');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(300);
  });

  it('G1 honours retry-after in seconds', async () => {
    const fake = await start([{ error: { status: 429, headers: { 'retry-after': '1' } } }, { text: 'ok' }]);
    await collect(protocolCase.provider(fake, { retry: { initialDelayMs: 1 } }));
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(1000);
  });

  it('G1 gives up after the configured attempts on 500 with one clear error', async () => {
    const fake = await start(() => ({ error: { status: 500 } }));
    const failure = await collect(
      protocolCase.provider(fake, { retry: { maxAttempts: 3, initialDelayMs: 1 } }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelError);
    expect(failure).toMatchObject({ code: 'model_http_error', details: { status: 500, attempts: 3 } });
    expect((failure as ModelError).message).toMatch(/500.*gave up after 3 attempts/);
    expect(fake.requests).toHaveLength(3);
  });

  it('G1 retries a connection dropped before any output, never one dropped after output', async () => {
    const early = await start([{ text: 'never seen', dropAfterEvents: 0 }, { text: 'second try' }]);
    const recovered = await collect(protocolCase.provider(early, { retry: { initialDelayMs: 1 } }));
    expect(
      recovered
        .filter((event) => event.type === 'text-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('second try');
    await early.close();
    const late = await start([
      { text: 'a long answer cut short', chunkSize: 2, dropAfterEvents: 5 },
      { text: 'never sent' },
    ]);
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const event of protocolCase.provider(late, { retry: { initialDelayMs: 1 } }).stream({
        model: 'm',
        system: '',
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [],
      })) {
        if (event.type === 'text-delta') texts.push(event.text);
      }
    })().catch((error: unknown) => error);
    expect(texts.length).toBeGreaterThan(0);
    expect(failure).toMatchObject({ code: 'model_connection_failed' });
    expect(late.requests).toHaveLength(1);
  });

  it('G1 does not retry a 400', async () => {
    const fake = await start(() => ({ error: { status: 400 } }));
    const failure = await collect(protocolCase.provider(fake, { retry: { initialDelayMs: 1 } })).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'model_http_error', details: { status: 400, retryable: false } });
    expect(fake.requests).toHaveLength(1);
  });

  it('G1 a request that outlives its timeout fails as model_timeout', async () => {
    const fake = await start([{ text: 'late', delayMs: 2000 }]);
    const failure = await collect(
      protocolCase.provider(fake, { timeoutMs: 100, retry: { maxAttempts: 1 } }),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'model_timeout' });
  });

  it('G1 aborting mid-stream stops the stream and reports it as cancelled', async () => {
    const fake = await start([{ text: 'x'.repeat(400), chunkSize: 4, chunkDelayMs: 20 }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const failure = await (async () => {
      for await (const event of protocolCase.provider(fake).stream({
        model: 'm',
        system: '',
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [],
        signal: controller.signal,
      })) {
        if (event.type === 'text-delta') {
          deltas.push(event.text);
          controller.abort();
        }
      }
    })().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'model_request_cancelled' });
    expect(deltas.join('').length).toBeLessThan(400);
    expect(fake.requests).toHaveLength(1);
  });
});
