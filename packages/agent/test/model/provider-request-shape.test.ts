import { createAnthropicProvider, createOpenAIProvider, type ModelProvider } from '@skilldock/agent/model';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const TOOLS = ['first', 'second'].map((name) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: {} },
}));

let server: FakeModelServer;
afterEach(() => server.close());

async function drain(provider: ModelProvider): Promise<void> {
  for await (const _event of provider.stream({
    model: 'test-model',
    system: 'System prompt.',
    messages: [{ role: 'user', content: 'Hi' }],
    tools: TOOLS,
    maxTokens: 100,
  }));
}

describe('request shapes', () => {
  it('G1 OpenAI: streams with include_usage, sends the key as a bearer token and max_tokens to compatible servers', async () => {
    server = await startFakeModelServer({ script: [{ text: 'ok' }] });
    await drain(
      createOpenAIProvider({
        apiKey: 'sk-test',
        baseUrl: server.openaiBaseUrl,
        headers: { 'x-team': 'docs' },
      }),
    );
    const request = server.requests[0]!;
    expect(request.body).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'System prompt.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers['x-team']).toBe('docs');
  });

  it('R1 Anthropic: cache_control marks the system prompt and the last tool, so the stable prefix is cached', async () => {
    server = await startFakeModelServer({ script: [{ text: 'ok' }] });
    await drain(createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server.anthropicBaseUrl }));
    const request = server.requests[0]!;
    expect(request.body).toMatchObject({
      model: 'test-model',
      max_tokens: 100,
      stream: true,
      system: [{ type: 'text', text: 'System prompt.', cache_control: { type: 'ephemeral' } }],
      tools: [
        { name: 'first', input_schema: { type: 'object', properties: {} } },
        { name: 'second', cache_control: { type: 'ephemeral' } },
      ],
    });
    expect((request.body as { tools: Record<string, unknown>[] }).tools[0]).not.toHaveProperty(
      'cache_control',
    );
    // This SDK version sends the key as a bearer token; older ones used x-api-key.
    expect([request.headers['x-api-key'], request.headers.authorization]).toContain(
      request.headers['x-api-key'] === undefined ? 'Bearer sk-ant-test' : 'sk-ant-test',
    );
    expect(request.headers['anthropic-version']).toBeDefined();
  });

  it('G1 Anthropic: consecutive user content (tool results, then an appended note) is merged into one turn', async () => {
    server = await startFakeModelServer({ script: [{ text: 'ok' }] });
    const provider = createAnthropicProvider({ apiKey: 'k', baseUrl: server.anthropicBaseUrl });
    for await (const _event of provider.stream({
      model: 'm',
      system: '',
      tools: [],
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'toolu_1', name: 'first', arguments: '{"a":1}' }],
        },
        { role: 'tool', toolCallId: 'toolu_1', toolName: 'first', content: 'refused', isError: true },
        { role: 'user', content: 'New skill available: x', origin: 'signal' },
      ],
    }));
    expect((server.requests[0]!.body as { messages: unknown }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'first', input: { a: 1 } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'refused', is_error: true },
          { type: 'text', text: 'New skill available: x' },
        ],
      },
    ]);
    expect(server.requests[0]!.body).not.toHaveProperty('system');
  });
});
