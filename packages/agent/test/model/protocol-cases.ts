import {
  createAnthropicProvider,
  createOpenAIProvider,
  type ModelProvider,
  type RetryPolicy,
} from '@skilldock/agent/model';
import type { FakeModelServer, FakeProtocol } from '@skilldock/agent/testing';

/** How one protocol is reached: the contract suites run once per case. */
export interface ProtocolCase {
  readonly protocol: FakeProtocol;
  provider(server: FakeModelServer, options?: { retry?: RetryPolicy; timeoutMs?: number }): ModelProvider;
  /** The system prompt text a recorded request body carries. */
  systemOf(body: unknown): string;
  /** The declared tool names of a recorded request body. */
  toolNamesOf(body: unknown): string[];
  /** The tool results a recorded request carries: id, content, error flag. */
  toolResultsOf(body: unknown): { id: string; content: string; isError: boolean }[];
  /** Every user text of a recorded request, in order. */
  userTextsOf(body: unknown): string[];
}

type Body = Record<string, unknown>;
type Block = { type: string; text?: string; tool_use_id?: string; content?: string; is_error?: boolean };

export const PROTOCOL_CASES: readonly ProtocolCase[] = [
  {
    protocol: 'openai',
    provider: (server, options = {}) =>
      createOpenAIProvider({ apiKey: 'test-key', baseUrl: server.openaiBaseUrl, ...options }),
    systemOf: (body) => {
      const first = ((body as Body).messages as { role: string; content: string }[])[0];
      return first?.role === 'system' ? first.content : '';
    },
    toolNamesOf: (body) =>
      (((body as Body).tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name),
    toolResultsOf: (body) =>
      ((body as Body).messages as { role: string; tool_call_id?: string; content: string }[])
        .filter((message) => message.role === 'tool')
        .map((message) => ({ id: message.tool_call_id ?? '', content: message.content, isError: false })),
    userTextsOf: (body) =>
      ((body as Body).messages as { role: string; content: string }[])
        .filter((message) => message.role === 'user')
        .map((message) => message.content),
  },
  {
    protocol: 'anthropic',
    provider: (server, options = {}) =>
      createAnthropicProvider({ apiKey: 'test-key', baseUrl: server.anthropicBaseUrl, ...options }),
    systemOf: (body) =>
      (((body as Body).system ?? []) as { text: string }[]).map((block) => block.text).join(''),
    toolNamesOf: (body) => (((body as Body).tools ?? []) as { name: string }[]).map((tool) => tool.name),
    toolResultsOf: (body) =>
      ((body as Body).messages as { role: string; content: string | Block[] }[])
        .flatMap((message) => (typeof message.content === 'string' ? [] : message.content))
        .filter((block) => block.type === 'tool_result')
        .map((block) => ({
          id: block.tool_use_id ?? '',
          content: block.content ?? '',
          isError: block.is_error === true,
        })),
    userTextsOf: (body) =>
      ((body as Body).messages as { role: string; content: string | Block[] }[])
        .filter((message) => message.role === 'user')
        .flatMap((message) =>
          typeof message.content === 'string'
            ? [message.content]
            : message.content.filter((block) => block.type === 'text').map((block) => block.text ?? ''),
        ),
  },
];
