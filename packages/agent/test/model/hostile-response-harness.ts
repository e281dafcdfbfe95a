/**
 * What the hostile- and large-response suites share (SPEC G1): the raw SSE frames of each protocol,
 * a fake model server per test (closed after it), a provider and a loop pointed at it, and
 * collecting a stream up to its failure.
 */
import { type AgentEvent, createRunContext, runAgent } from '@skilldock/agent/loop';
import { createModelProvider, type ModelProvider, type ModelStreamEvent } from '@skilldock/agent/model';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach } from 'vitest';
import type { ProtocolCase } from './protocol-cases.js';

export const SECRET_KEY = 'sk-hostile-0123456789-secret';
export const TEST_TIMEOUT = { timeout: 20_000 };

/** The raw SSE frames that start an answer and stream `text`, per protocol, without finishing it. */
export const WIRE = {
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

export function openaiChunk(delta: unknown) {
  return {
    id: 'chatcmpl-hostile',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: null }],
  };
}

/** Stream a request to the end; the events before the failure, and the failure. */
export async function collect(
  provider: ModelProvider,
): Promise<{ events: ModelStreamEvent[]; error: unknown }> {
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

export function textOf(events: readonly ModelStreamEvent[]): string {
  return events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');
}

/** Opens a fake model server for the current test; it is closed after the test. */
export function useFakeModelServer(): (
  options: Parameters<typeof startFakeModelServer>[0],
) => Promise<FakeModelServer> {
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (options) => {
    server = await startFakeModelServer(options);
    return server;
  };
}

/**
 * A suite's fake model server and what talks to it, for one protocol: `start` opens a server
 * (closed after each test), `providerFor` and `runLoop` reach it the way a host would.
 */
export function useHostileHarness(protocolCase: ProtocolCase) {
  const open = useFakeModelServer();
  const start = (script: FakeScript) => open({ script });
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
  return { wire: WIRE[protocolCase.protocol], start, providerFor, runLoop };
}
