/**
 * Multi-MB model answers (SPEC G1): a 50 MB single SSE line cut at the line cap, a 3 MB line and a
 * 20 MB streamed answer under the caps. Each streams tens of MB over loopback, so they run in the
 * full tier; hostile-responses.test.ts keeps every other malformed-stream case in the fast one.
 */
import { inspect } from 'node:util';
import {
  type AgentEvent,
  createModelProvider,
  createRunContext,
  DEFAULT_MAX_RESPONSE_BYTES,
  MAX_STREAM_LINE_BYTES,
  ModelError,
  type ModelProvider,
  type ModelStreamEvent,
  runAgent,
} from '@skilldock/agent';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from './protocol-cases.js';

const SECRET_KEY = 'sk-hostile-0123456789-secret';
const TEST_TIMEOUT = { timeout: 20_000 };

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The raw SSE frames that start an answer and stream `text`, per protocol, without finishing it. */
const WIRE = {
  openai: {
    frame: (data: unknown) => `data: ${JSON.stringify(data)}\n\n`,
    start(text: string): string[] {
      return [this.frame(openaiChunk({ role: 'assistant', content: text }))];
    },
    garbage: 'data: {this is not json at all\n\n',
    finish: [
      `data: ${JSON.stringify({ ...openaiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      'data: [DONE]\n\n',
    ],
    textLine: (text: string) => `data: ${JSON.stringify(openaiChunk({ content: text }))}\n\n`,
  },
  anthropic: {
    frame: (data: { type: string }) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`,
    start(text: string): string[] {
      return [
        this.frame({
          type: 'message_start',
          message: {
            id: 'msg_hostile',
            type: 'message',
            role: 'assistant',
            model: 'test-model',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 3, output_tokens: 1 },
          },
        }),
        this.frame({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
        this.frame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
      ];
    },
    garbage: 'event: content_block_delta\ndata: {this is not json at all\n\n',
    finish: [
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":9}}\n\n',
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    ],
    textLine: (text: string) =>
      `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })}\n\n`,
  },
} as const;

function openaiChunk(delta: unknown) {
  return {
    id: 'chatcmpl-hostile',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: null }],
  };
}

/** Stream a request to the end; the events before the failure, and the failure. */
async function collect(provider: ModelProvider): Promise<{ events: ModelStreamEvent[]; error: unknown }> {
  const events: ModelStreamEvent[] = [];
  try {
    for await (const event of provider.stream({
      model: 'test-model',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [],
    })) {
      events.push(event);
    }
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

function textOf(events: readonly ModelStreamEvent[]): string {
  return events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');
}

describe.each(PROTOCOL_CASES)('multi-MB model responses over $protocol', (protocolCase) => {
  const wire = WIRE[protocolCase.protocol];
  const start = async (script: FakeScript) => {
    server = await startFakeModelServer({ script });
    return server;
  };
  const providerFor = (fake: FakeModelServer): ModelProvider =>
    createModelProvider(
      {
        providerName: protocolCase.protocol,
        protocol: protocolCase.protocol,
        model: 'test-model',
        baseUrl: protocolCase.protocol === 'openai' ? fake.openaiBaseUrl : fake.anthropicBaseUrl,
        apiKey: SECRET_KEY,
        headers: {},
      },
      { retry: { initialDelayMs: 1, maxAttempts: 3 }, timeoutMs: 10_000 },
    );
  const runLoop = async (fake: FakeModelServer) => {
    const context = createRunContext({
      cwd: process.cwd(),
      tools: [],
      model: { provider: providerFor(fake), model: 'test-model' },
    });
    const events: AgentEvent[] = [];
    let thrown: unknown;
    try {
      for await (const event of runAgent(context, { prompt: 'Hi' })) events.push(event);
    } catch (error) {
      thrown = error;
    }
    return { events, thrown };
  };

  it(
    'G1 accepts a 20 MB text answer streamed in many chunks (under the 32 MiB cap)',
    TEST_TIMEOUT,
    async () => {
      const size = 20_000_000;
      const fake = await start([{ text: 'x'.repeat(size), chunkSize: 65_536 }]);
      let length = 0;
      let deltas = 0;
      let finish: ModelStreamEvent | undefined;
      for await (const event of providerFor(fake).stream({
        model: 'test-model',
        system: '',
        messages: [{ role: 'user', content: 'Write a lot.' }],
        tools: [],
      })) {
        if (event.type === 'text-delta') {
          length += event.text.length;
          deltas++;
        } else if (event.type === 'finish') finish = event;
      }
      expect(length).toBe(size);
      expect(deltas).toBeGreaterThan(300);
      expect(finish).toEqual({ type: 'finish', reason: 'stop' });
      expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(32 * 1024 * 1024);
    },
  );

  it(
    'G1 survives a single 50 MB SSE line: cut at the line cap with a clear error',
    TEST_TIMEOUT,
    async () => {
      const fake = await start([
        { raw: { body: [...wire.start('Start'), wire.textLine('z'.repeat(50_000_000))] } },
      ]);
      const { events, error } = await collect(providerFor(fake));
      expect(textOf(events)).toBe('Start');
      expect(error).toMatchObject({
        code: 'model_response_invalid',
        details: { limit: MAX_STREAM_LINE_BYTES },
      });
      expect((error as Error).message).toBe(
        `${protocolCase.protocol}: the model server sent an event stream line longer than 4194304 bytes; the answer was cut off.`,
      );
    },
  );

  it('G1 accepts a 3 MB single SSE line (one large delta, under the line cap)', TEST_TIMEOUT, async () => {
    const big = 'q'.repeat(3_000_000);
    const fake = await start([
      { raw: { body: [...wire.start('Start'), wire.textLine(big), ...wire.finish] } },
    ]);
    const { events, error } = await collect(providerFor(fake));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe(`Start${big}`);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  for (const status of [401, 403]) {
    it(
      `G1 reports a ${status} as model_http_error naming the key variable, never the key`,
      TEST_TIMEOUT,
      async () => {
        const echo = `Incorrect API key provided: ${SECRET_KEY}. You can find your API key at the dashboard.`;
        const fake = await start([
          {
            error: {
              status,
              body:
                protocolCase.protocol === 'openai'
                  ? { error: { message: echo, type: 'invalid_request_error', code: 'invalid_api_key' } }
                  : { type: 'error', error: { type: 'authentication_error', message: echo } },
            },
          },
        ]);
        const { events, thrown } = await runLoop(fake);
        const variable = protocolCase.protocol === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
        expect(thrown).toBeInstanceOf(ModelError);
        expect(thrown).toMatchObject({ code: 'model_http_error', details: { status, retryable: false } });
        const message = (thrown as Error).message;
        expect(message).toContain(`The server refused the API key: check ${variable}.`);
        expect(message).toContain('Incorrect API key provided: [redacted].');
        expect(events.at(-1)?.type).toBe('run-error');
        expect(fake.requests).toHaveLength(1);
        // The key reached the server (it was sent) but no error, cause or event shows it.
        expect(JSON.stringify(fake.requests[0]?.headers)).toContain(SECRET_KEY);
        const serialized = [
          inspect(thrown, { depth: 20, showHidden: true }),
          inspect(events, { depth: 20, showHidden: true }),
          JSON.stringify(events),
          String((thrown as Error).stack),
        ].join('\n');
        expect(serialized).toContain(variable);
        expect(serialized).not.toContain(SECRET_KEY);
      },
    );
  }
});
