import { createServer } from 'node:net';
import { inspect } from 'node:util';
import {
  createAnthropicProvider,
  createOpenAIProvider,
  ModelError,
  type ModelProvider,
} from '@skilldock/agent/model';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from './protocol-cases.js';

const KEY = 'sk-endpoint-test-0123456789';

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failureOf(provider: ModelProvider): Promise<ModelError> {
  try {
    for await (const _event of provider.stream({
      model: 'missing-model',
      system: '',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [],
    })) {
      // Nothing is expected before the failure.
    }
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  await new Promise((resolve) => listener.close(resolve));
  return port;
}

describe.each(PROTOCOL_CASES)('model errors over $protocol', ({ protocol }) => {
  const path = protocol === 'openai' ? '/v1/chat/completions' : '/v1/messages';
  const providerAt = (origin: string) =>
    protocol === 'openai'
      ? createOpenAIProvider({ apiKey: KEY, baseUrl: `${origin}/v1`, retry: { maxAttempts: 1 } })
      : createAnthropicProvider({ apiKey: KEY, baseUrl: origin, retry: { maxAttempts: 1 } });

  it('G1 an HTTP error names the endpoint and the model, never the key', async () => {
    server = await startFakeModelServer({ script: [{ error: { status: 404 } }] });
    const origin = new URL(server.openaiBaseUrl).origin;
    const error = await failureOf(providerAt(origin));
    expect(error.code).toBe('model_http_error');
    expect(error.message).toMatch(
      new RegExp(`^${protocol}: POST ${origin}${path}, model missing-model: the model server answered 404`),
    );
    expect(inspect(error, { depth: 10 })).not.toContain(KEY);
  });

  it('G1 a server that cannot be reached is named with the model', async () => {
    const origin = `http://127.0.0.1:${await closedPort()}`;
    const error = await failureOf(providerAt(origin));
    expect(error.code).toBe('model_connection_failed');
    expect(error.message).toContain(`${protocol}: POST ${origin}${path}, model missing-model: `);
  });

  it('G1 a password in the base URL never shows in the error', async () => {
    const port = await closedPort();
    const error = await failureOf(providerAt(`http://user:hunter2-password@127.0.0.1:${port}`));
    expect(error.message).toContain(`POST http://127.0.0.1:${port}${path}, model missing-model`);
    expect(error.message).not.toContain('hunter2-password');
  });
});
