import {
  createAnthropicProvider,
  createOpenAIProvider,
  ModelError,
  type ModelProvider,
} from '@skilldock/agent/model';
import type { FakeModelServer } from '@skilldock/agent/testing';
import { describe, expect, it } from 'vitest';
import {
  collect,
  SECRET_KEY,
  TEST_TIMEOUT,
  textOf,
  useFakeModelServer,
  useHostileHarness,
  WIRE,
} from './hostile-response-harness.js';
import { PROTOCOL_CASES } from './protocol-cases.js';

describe.each(PROTOCOL_CASES)('hostile model responses over $protocol', (protocolCase) => {
  const { wire, start, providerFor, runLoop } = useHostileHarness(protocolCase);

  it(
    'G1 fails with model_response_invalid on a non-JSON data line, without retrying after text',
    TEST_TIMEOUT,
    async () => {
      const fake = await start([
        { raw: { body: [...wire.start('Hel'), wire.garbage] } },
        { text: 'never sent' },
      ]);
      const { events, error } = await collect(providerFor(fake));
      expect(textOf(events)).toBe('Hel');
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ code: 'model_response_invalid' });
      expect((error as Error).message).toMatch(
        new RegExp(
          `^${protocolCase.protocol}: the model server sent a stream event that is not valid JSON: `,
        ),
      );
      expect(fake.requests).toHaveLength(1);
    },
  );

  it(
    'G1 fails with model_response_invalid when a stream event is JSON but not an object',
    TEST_TIMEOUT,
    async () => {
      const notAnObject =
        protocolCase.protocol === 'openai'
          ? 'data: [1,2]\n\n'
          : 'event: content_block_delta\ndata: [1,2]\n\n';
      const fake = await start([{ raw: { body: [...wire.start('Hel'), notAnObject] } }]);
      const { error } = await collect(providerFor(fake));
      expect(error).toMatchObject({ code: 'model_response_invalid' });
      expect((error as Error).message).toContain('a stream event that is not a JSON object: [1,2]');
    },
  );

  it(
    'G2 ends the run with run-error and a consistent conversation after a garbage stream',
    TEST_TIMEOUT,
    async () => {
      const fake = await start([{ raw: { body: [...wire.start('Partial'), wire.garbage] } }]);
      const { events, thrown } = await runLoop(fake);
      expect(thrown).toMatchObject({ code: 'model_response_invalid' });
      const last = events.at(-1);
      expect(last?.type).toBe('run-error');
      if (last?.type !== 'run-error') return;
      expect(last.error).toBe(thrown);
      expect(last.result.status).toBe('failed');
      // The half answer is not kept: the conversation ends with the prompt, valid for a retry.
      expect(last.result.newMessages).toEqual([{ role: 'user', content: 'Hi', origin: 'prompt' }]);
    },
  );

  it(
    'G1 fails clearly, and does not hang, when the stream closes before the model finished',
    TEST_TIMEOUT,
    async () => {
      const fake = await start([{ raw: { body: wire.start('Half an ans') } }]);
      const { events, error } = await collect(providerFor(fake));
      expect(textOf(events)).toBe('Half an ans');
      expect(error).toMatchObject({ code: 'model_response_invalid' });
      expect((error as Error).message).toBe(
        `${protocolCase.protocol}: the stream ended before the model finished its answer (${protocolCase.protocol === 'openai' ? 'no finish_reason' : 'no message_stop'}).`,
      );
      expect(fake.requests).toHaveLength(1);
    },
  );

  it('G1 fails clearly on an empty event stream', TEST_TIMEOUT, async () => {
    const fake = await start([{ raw: { body: '' } }]);
    const { events, error } = await collect(providerFor(fake));
    expect(events).toEqual([]);
    expect(error).toMatchObject({ code: 'model_response_invalid' });
    expect((error as Error).message).toMatch(/the stream ended before the model finished its answer/);
  });

  it(
    'G1 names the status and content type when a 200 answer is a JSON error instead of a stream',
    TEST_TIMEOUT,
    async () => {
      const fake = await start([
        {
          raw: {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ error: { message: 'quota exhausted for this project' } }),
          },
        },
      ]);
      const { error } = await collect(providerFor(fake));
      expect(error).toMatchObject({ code: 'model_response_invalid', details: { status: 200 } });
      expect((error as Error).message).toBe(
        `${protocolCase.protocol}: the model server answered 200 with application/json instead of an event stream: quota exhausted for this project`,
      );
    },
  );

  it(
    'G1 names the status and content type when a 200 answer is a proxy HTML page',
    TEST_TIMEOUT,
    async () => {
      const fake = await start([
        {
          raw: {
            headers: { 'content-type': 'text/html; charset=utf-8' },
            body: '<html><head><title>Sign in to the corporate proxy</title></head><body><form>…</form></body></html>',
          },
        },
      ]);
      const { error } = await collect(providerFor(fake));
      expect(error).toMatchObject({ code: 'model_response_invalid' });
      expect((error as Error).message).toBe(
        `${protocolCase.protocol}: the model server answered 200 with text/html; charset=utf-8 instead of an event stream: Sign in to the corporate proxy`,
      );
    },
  );

  it('G1 cuts an answer past maxResponseBytes with a clear error', TEST_TIMEOUT, async () => {
    const fake = await start([{ text: 'y'.repeat(2_000_000), chunkSize: 65_536 }]);
    const provider =
      protocolCase.protocol === 'openai'
        ? createOpenAIProvider({ apiKey: SECRET_KEY, baseUrl: fake.openaiBaseUrl, maxResponseBytes: 500_000 })
        : createAnthropicProvider({
            apiKey: SECRET_KEY,
            baseUrl: fake.anthropicBaseUrl,
            maxResponseBytes: 500_000,
          });
    const { events, error } = await collect(provider);
    expect(textOf(events).length).toBeLessThanOrEqual(500_000);
    expect(error).toMatchObject({ code: 'model_response_invalid', details: { limit: 500_000 } });
    expect((error as Error).message).toBe(
      `${protocolCase.protocol}: the model's answer is larger than the limit of 500000 bytes (maxResponseBytes); it was cut off.`,
    );
    expect(fake.requests).toHaveLength(1);
  });
});

describe('an error event inside an Anthropic stream', () => {
  const anthropic = PROTOCOL_CASES.find((protocolCase) => protocolCase.protocol === 'anthropic');
  const errorEvent = (type: string) =>
    `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type, message: `${type} now` } })}\n\n`;
  const openServer = useFakeModelServer();
  const providerFor = (fake: FakeModelServer): ModelProvider =>
    createAnthropicProvider({
      name: 'anthropic',
      apiKey: SECRET_KEY,
      baseUrl: fake.anthropicBaseUrl,
      retry: { initialDelayMs: 1, maxAttempts: 3 },
      timeoutMs: 10_000,
    });

  it(
    'G1 retries an overloaded_error that arrives before any output, then answers',
    TEST_TIMEOUT,
    async () => {
      expect(anthropic).toBeDefined();
      const server = await openServer({
        script: [{ raw: { body: [errorEvent('overloaded_error')] } }, { text: 'Recovered' }],
      });
      const { events, error } = await collect(providerFor(server));
      expect(error).toBeUndefined();
      expect(textOf(events)).toBe('Recovered');
      expect(server.requests).toHaveLength(2);
    },
  );

  it(
    'G1 does not retry an invalid_request_error event, and says what the server sent',
    TEST_TIMEOUT,
    async () => {
      const server = await openServer({
        script: [{ raw: { body: [errorEvent('invalid_request_error')] } }, { text: 'never sent' }],
      });
      const { error } = await collect(providerFor(server));
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ code: 'model_response_invalid', retryable: false });
      expect((error as Error).message).toContain('invalid_request_error now');
      expect(server.requests).toHaveLength(1);
    },
  );

  it('G1 does not retry an overloaded_error once text has reached the caller', TEST_TIMEOUT, async () => {
    const start = WIRE.anthropic.start('Half');
    const server = await openServer({
      script: [{ raw: { body: [...start, errorEvent('overloaded_error')] } }, { text: 'never sent' }],
    });
    const { events, error } = await collect(providerFor(server));
    expect(textOf(events)).toBe('Half');
    expect(error).toMatchObject({ code: 'model_response_invalid' });
    expect(server.requests).toHaveLength(1);
  });
});
