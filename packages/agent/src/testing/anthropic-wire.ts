import type { FakeTurn } from './fake-model-turn.js';
import { argumentChunks, argumentsText, splitIntoChunks, turnFinish, turnUsage } from './fake-wire-parts.js';

const STOP_REASON = { stop: 'end_turn', length: 'max_tokens', 'tool-calls': 'tool_use' } as const;

/** What an Anthropic answer is built from. */
export interface AnthropicWireInput {
  readonly turn: FakeTurn;
  readonly requestIndex: number;
  readonly model: string;
  readonly requestBytes: number;
}

/** One server-sent event: its name and JSON data. */
export interface NamedEvent {
  readonly event: string;
  readonly data: string;
}

function callId(input: AnthropicWireInput, position: number): string {
  return input.turn.toolCalls?.[position]?.id ?? `toolu_${input.requestIndex}_${position}`;
}

function usageOf(input: AnthropicWireInput) {
  const usage = turnUsage(input.turn, input.requestBytes);
  return {
    input_tokens: Math.max(0, usage.inputTokens - usage.cachedInputTokens),
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: usage.cachedInputTokens,
    output_tokens: usage.outputTokens,
  };
}

function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The events of a streamed Messages answer, in the order Anthropic sends them. */
export function anthropicStreamEvents(input: AnthropicWireInput): NamedEvent[] {
  const { turn } = input;
  const size = turn.chunkSize ?? 16;
  const usage = usageOf(input);
  const events: NamedEvent[] = [];
  const add = (data: Record<string, unknown> & { type: string }) =>
    events.push({ event: data.type, data: JSON.stringify(data) });
  add({
    type: 'message_start',
    message: {
      id: `msg_fake_${input.requestIndex}`,
      type: 'message',
      role: 'assistant',
      model: input.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  add({ type: 'ping' });
  let index = 0;
  if ((turn.text ?? '') !== '') {
    add({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    for (const piece of splitIntoChunks(turn.text ?? '', size)) {
      add({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
    }
    add({ type: 'content_block_stop', index });
    index++;
  }
  (turn.toolCalls ?? []).forEach((call, position) => {
    add({
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: callId(input, position), name: call.name, input: {} },
    });
    for (const piece of argumentChunks(call, size)) {
      add({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
    }
    add({ type: 'content_block_stop', index });
    index++;
  });
  add({
    type: 'message_delta',
    delta: { stop_reason: STOP_REASON[turnFinish(turn)], stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  add({ type: 'message_stop' });
  return events;
}

/** A non-streamed Messages answer. */
export function anthropicResponse(input: AnthropicWireInput): unknown {
  const { turn } = input;
  const content: unknown[] = (turn.text ?? '') === '' ? [] : [{ type: 'text', text: turn.text }];
  (turn.toolCalls ?? []).forEach((call, position) => {
    content.push({
      type: 'tool_use',
      id: callId(input, position),
      name: call.name,
      input: parsedArguments(argumentsText(call)),
    });
  });
  return {
    id: `msg_fake_${input.requestIndex}`,
    type: 'message',
    role: 'assistant',
    model: input.model,
    content,
    stop_reason: STOP_REASON[turnFinish(turn)],
    stop_sequence: null,
    usage: usageOf(input),
  };
}

/** The error body Anthropic sends. */
export function anthropicErrorBody(status: number): unknown {
  const type = status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : 'api_error';
  return { type: 'error', error: { type, message: `fake model server error ${status}` } };
}
