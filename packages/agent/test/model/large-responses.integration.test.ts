/**
 * Multi-MB model answers (SPEC G1): a 50 MB single SSE line cut at the line cap, a 3 MB line and a
 * 20 MB streamed answer under the caps. Each streams tens of MB over loopback, so they run in the
 * full tier; hostile-responses.test.ts keeps every other malformed-stream case in the fast one.
 */
import { inspect } from 'node:util';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  MAX_STREAM_LINE_BYTES,
  ModelError,
  type ModelStreamEvent,
} from '@skilldock/agent/model';
import { describe, expect, it } from 'vitest';
import { collect, SECRET_KEY, TEST_TIMEOUT, textOf, useHostileHarness } from './hostile-response-harness.js';
import { PROTOCOL_CASES } from './protocol-cases.js';

describe.each(PROTOCOL_CASES)('multi-MB model responses over $protocol', (protocolCase) => {
  const { wire, start, providerFor, runLoop } = useHostileHarness(protocolCase);

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
