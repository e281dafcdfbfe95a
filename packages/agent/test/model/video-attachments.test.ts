import { createAnthropicProvider, createOpenAIProvider, type ModelRequest } from '@skilldock/agent/model';
import { startFakeModelServer } from '@skilldock/agent/testing';
import { describe, expect, it } from 'vitest';

const DATA_URL = `data:video/webm;base64,${Buffer.from('webm bytes').toString('base64')}`;
const REQUEST: ModelRequest = {
  model: 'qwen-vl-max',
  system: 'Learn.',
  messages: [
    {
      role: 'user',
      content: 'Watch this.',
      attachments: [{ type: 'video', mediaType: 'video/webm', dataUrl: DATA_URL }],
    },
  ],
  tools: [],
};

describe('video attachments of a user message', () => {
  it('L1 an OpenAI-compatible request carries the text and a video_url part with the data URL', async () => {
    const server = await startFakeModelServer({ script: [{ text: 'ok' }] });
    try {
      const provider = createOpenAIProvider({ apiKey: 'k', baseUrl: server.openaiBaseUrl });
      for await (const _event of provider.stream(REQUEST)) {
        // drain
      }
      const body = server.requests[0]!.body as { messages: { role: string; content: unknown }[] };
      expect(body.messages[1]).toEqual({
        role: 'user',
        content: [
          { type: 'text', text: 'Watch this.' },
          { type: 'video_url', video_url: { url: DATA_URL } },
        ],
      });
    } finally {
      await server.close();
    }
  });

  it('L1 the Anthropic provider refuses a video instead of dropping it, and sends nothing', async () => {
    const server = await startFakeModelServer({ script: [{ text: 'ok' }] });
    try {
      const provider = createAnthropicProvider({ apiKey: 'k', baseUrl: server.anthropicBaseUrl });
      let code: string | undefined;
      try {
        for await (const _event of provider.stream(REQUEST)) {
          // drain
        }
      } catch (error) {
        code = (error as { code?: string }).code;
      }
      expect(code).toBe('model_input_unsupported');
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
