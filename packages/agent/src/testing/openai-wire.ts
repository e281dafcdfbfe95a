import type { FakeTurn } from './fake-model-turn.js';
import { argumentChunks, argumentsText, splitIntoChunks, turnFinish, turnUsage } from './fake-wire-parts.js';

const FINISH = { stop: 'stop', length: 'length', 'tool-calls': 'tool_calls' } as const;

/** What an OpenAI answer is built from. */
export interface OpenAIWireInput {
  readonly turn: FakeTurn;
  readonly requestIndex: number;
  readonly model: string;
  readonly requestBytes: number;
  readonly includeUsage: boolean;
}

function callId(input: OpenAIWireInput, position: number): string {
  return input.turn.toolCalls?.[position]?.id ?? `call_${input.requestIndex}_${position}`;
}

function usageOf(input: OpenAIWireInput) {
  const usage = turnUsage(input.turn, input.requestBytes);
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens },
  };
}

/** The `data:` payloads of a streamed Chat Completions answer, `[DONE]` last, as OpenAI sends them. */
export function openaiStreamEvents(input: OpenAIWireInput): string[] {
  const { turn } = input;
  const size = turn.chunkSize ?? 16;
  const base = {
    id: `chatcmpl-fake-${input.requestIndex}`,
    object: 'chat.completion.chunk',
    created: 1_700_000_000 + input.requestIndex,
    model: input.model,
    system_fingerprint: null,
  };
  const chunk = (delta: unknown, finishReason: string | null = null) =>
    JSON.stringify({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(input.includeUsage ? { usage: null } : {}),
    });
  const events = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const piece of splitIntoChunks(turn.text ?? '', size)) events.push(chunk({ content: piece }));
  (turn.toolCalls ?? []).forEach((call, position) => {
    events.push(
      chunk({
        tool_calls: [
          {
            index: position,
            id: callId(input, position),
            type: 'function',
            function: { name: call.name, arguments: '' },
          },
        ],
      }),
    );
    for (const piece of argumentChunks(call, size)) {
      events.push(chunk({ tool_calls: [{ index: position, function: { arguments: piece } }] }));
    }
  });
  events.push(chunk({}, FINISH[turnFinish(turn)]));
  if (input.includeUsage) events.push(JSON.stringify({ ...base, choices: [], usage: usageOf(input) }));
  events.push('[DONE]');
  return events;
}

/** A non-streamed Chat Completions answer. */
export function openaiResponse(input: OpenAIWireInput): unknown {
  const { turn } = input;
  const calls = turn.toolCalls ?? [];
  return {
    id: `chatcmpl-fake-${input.requestIndex}`,
    object: 'chat.completion',
    created: 1_700_000_000 + input.requestIndex,
    model: input.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: turn.text ?? null,
          refusal: null,
          ...(calls.length === 0
            ? {}
            : {
                tool_calls: calls.map((call, position) => ({
                  id: callId(input, position),
                  type: 'function',
                  function: { name: call.name, arguments: argumentsText(call) },
                })),
              }),
        },
        logprobs: null,
        finish_reason: FINISH[turnFinish(turn)],
      },
    ],
    usage: usageOf(input),
  };
}

/** The error body OpenAI sends. */
export function openaiErrorBody(status: number): unknown {
  return {
    error: { message: `fake model server error ${status}`, type: 'server_error', param: null, code: null },
  };
}
