import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';

let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TURN = { text: 'Checking.', toolCalls: [{ name: 'lookup', arguments: { word: 'fox' } }] };

describe('fake model server', () => {
  it('G1 answers non-streaming Chat Completions with text and tool calls', async () => {
    server = await startFakeModelServer({ script: [TURN] });
    const client = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const message = completion.choices[0]?.message;
    expect(message?.content).toBe('Checking.');
    expect(
      message?.tool_calls?.map(
        (call) => call.type === 'function' && [call.function.name, call.function.arguments],
      ),
    ).toEqual([['lookup', '{"word":"fox"}']]);
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('G1 answers non-streaming Messages with text and tool_use blocks', async () => {
    server = await startFakeModelServer({ script: [TURN] });
    const client = new Anthropic({ apiKey: 'k', baseURL: server.anthropicBaseUrl, maxRetries: 0 });
    const message = await client.messages.create({
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(message.content.map((block) => block.type)).toEqual(['text', 'tool_use']);
    expect(message.content[1]).toMatchObject({ type: 'tool_use', name: 'lookup', input: { word: 'fox' } });
    expect(message.stop_reason).toBe('tool_use');
  });

  it('G1 streams exactly like the SDK helpers expect (OpenAI stream helper and Anthropic final message)', async () => {
    server = await startFakeModelServer({ script: [TURN, TURN] });
    const openai = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    const completion = await openai.chat.completions
      .stream({
        model: 'm',
        messages: [{ role: 'user', content: 'Hi' }],
        stream_options: { include_usage: true },
      })
      .finalChatCompletion();
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      function: { arguments: '{"word":"fox"}' },
    });
    const anthropic = new Anthropic({ apiKey: 'k', baseURL: server.anthropicBaseUrl, maxRetries: 0 });
    const final = await anthropic.messages
      .stream({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] })
      .finalMessage();
    expect(final.content[1]).toMatchObject({ type: 'tool_use', input: { word: 'fox' } });
  });

  it('I4 answers the Responses API with a message and function_call items, streamed and not', async () => {
    server = await startFakeModelServer({ script: [TURN, TURN, { text: 'cut', finishReason: 'length' }] });
    const client = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    const response = await client.responses.create({ model: 'm', input: 'Hi' });
    expect(response.output_text).toBe('Checking.');
    expect(response.status).toBe('completed');
    expect(response.output.map((item) => item.type)).toEqual(['message', 'function_call']);
    expect(response.output[1]).toMatchObject({
      type: 'function_call',
      call_id: 'call_0_0',
      name: 'lookup',
      arguments: '{"word":"fox"}',
    });
    const deltas: string[] = [];
    const stream = client.responses.stream({ model: 'm', input: 'Hi' });
    stream.on('response.function_call_arguments.delta', (event) => deltas.push(event.delta));
    const streamed = await stream.finalResponse();
    expect(streamed.output[1]).toMatchObject({ call_id: 'call_1_0', arguments: '{"word":"fox"}' });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('{"word":"fox"}');
    const cut = await client.responses.create({ model: 'm', input: 'Hi' });
    expect([cut.status, cut.incomplete_details?.reason]).toEqual(['incomplete', 'max_output_tokens']);
    expect(server.requests.map((request) => [request.protocol, request.path])).toEqual([
      ['openai-responses', '/v1/responses'],
      ['openai-responses', '/v1/responses'],
      ['openai-responses', '/v1/responses'],
    ]);
  });

  it('G1 records bodies and headers and plays function turns with the request', async () => {
    server = await startFakeModelServer({
      script: (request: RecordedRequest) => ({
        text: `You said ${(request.body as { messages: { content: string }[] }).messages[0]?.content}`,
      }),
    });
    const client = new OpenAI({ apiKey: 'secret', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'ping' }],
    });
    expect(completion.choices[0]?.message.content).toBe('You said ping');
    expect(server.requests[0]).toMatchObject({
      index: 0,
      protocol: 'openai',
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer secret' },
    });
  });

  it('G1 holds a streamed answer half-way until the test lets it go on', async () => {
    let release = () => {};
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Events: the role, then "Hal", "f w", "ay." and the finish: it holds after "Hal".
    const held = await startFakeModelServer({
      script: [{ text: 'Half way.', chunkSize: 3, pause: { afterEvents: 2, until } }],
    });
    server = held;
    const client = new OpenAI({ apiKey: 'k', baseURL: held.openaiBaseUrl, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'a' }],
    });
    const pieces: string[] = [];
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta.content;
      if (!piece) continue;
      pieces.push(piece);
      if (pieces.length === 1) {
        // While it holds, the answer is not finished (the server sets `handlingMs` when it is).
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(held.requests[0]?.handlingMs).toBeUndefined();
        release();
      }
    }
    expect(pieces).toEqual(['Hal', 'f w', 'ay.']);
    expect(held.requests[0]?.handlingMs).toBeGreaterThanOrEqual(100);
  });

  it('G1 says clearly when the script has run out', async () => {
    server = await startFakeModelServer({ script: [{ text: 'only one' }] });
    const client = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'a' }] });
    expect(server.remainingTurns()).toBe(0);
    await expect(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'b' }] }),
    ).rejects.toThrow(/the script has no turn left for request #2/);
  });

  it('G1 starts from a JSON script file as a child process and logs the requests', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'skilldock-fake-cli-'));
    try {
      const scriptFile = path.join(folder, 'script.json');
      const log = path.join(folder, 'requests.jsonl');
      await writeFile(scriptFile, JSON.stringify([{ text: 'from the file' }]));
      const cli = fileURLToPath(new URL('../../src/testing/fake-model-server-cli.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', cli, scriptFile, '--requests', log], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const [line] = await new Promise<string[]>((resolve) => {
          createInterface({ input: child.stdout! }).once('line', (text) => resolve([text]));
        });
        const { openaiBaseUrl } = JSON.parse(line ?? '{}') as { openaiBaseUrl: string };
        const client = new OpenAI({ apiKey: 'k', baseURL: openaiBaseUrl, maxRetries: 0 });
        const completion = await client.chat.completions.create({
          model: 'm',
          messages: [{ role: 'user', content: 'x' }],
        });
        expect(completion.choices[0]?.message.content).toBe('from the file');
        const logged = (await readFile(log, 'utf8'))
          .trim()
          .split('\n')
          .map((entry) => JSON.parse(entry));
        expect(logged).toMatchObject([{ protocol: 'openai', body: { model: 'm' } }]);
      } finally {
        child.kill('SIGTERM');
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
