import type { FakeTurn } from './fake-model-turn.js';
import { argumentChunks, argumentsText, splitIntoChunks, turnFinish, turnUsage } from './fake-wire-parts.js';

/** What a Responses API answer is built from. */
export interface ResponsesWireInput {
  readonly turn: FakeTurn;
  readonly requestIndex: number;
  readonly model: string;
  readonly requestBytes: number;
}

/** One server-sent event: its name and JSON data. */
export interface ResponsesEvent {
  readonly event: string;
  readonly data: string;
}

function callId(input: ResponsesWireInput, position: number): string {
  return input.turn.toolCalls?.[position]?.id ?? `call_${input.requestIndex}_${position}`;
}

function messageItem(input: ResponsesWireInput, text: string) {
  return {
    type: 'message',
    id: `msg_fake_${input.requestIndex}`,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
  };
}

function functionCallItem(input: ResponsesWireInput, position: number, args: string) {
  const call = input.turn.toolCalls?.[position];
  return {
    type: 'function_call',
    id: `fc_fake_${input.requestIndex}_${position}`,
    call_id: callId(input, position),
    name: call?.name ?? '',
    arguments: args,
    status: 'completed',
  };
}

/** The `response` object: finished, or `in_progress` with no output yet (the first stream events). */
function responseObject(input: ResponsesWireInput, done: boolean) {
  const { turn } = input;
  const usage = turnUsage(turn, input.requestBytes);
  const truncated = turnFinish(turn) === 'length';
  const output = [
    ...(turn.text === undefined ? [] : [messageItem(input, turn.text)]),
    ...(turn.toolCalls ?? []).map((call, position) => functionCallItem(input, position, argumentsText(call))),
  ];
  return {
    id: `resp_fake_${input.requestIndex}`,
    object: 'response',
    created_at: 1_700_000_000 + input.requestIndex,
    status: done ? (truncated ? 'incomplete' : 'completed') : 'in_progress',
    error: null,
    incomplete_details: done && truncated ? { reason: 'max_output_tokens' } : null,
    instructions: null,
    model: input.model,
    output: done ? output : [],
    parallel_tool_calls: true,
    temperature: 1,
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    metadata: {},
    text: { format: { type: 'text' } },
    usage: done
      ? {
          input_tokens: usage.inputTokens,
          input_tokens_details: { cached_tokens: usage.cachedInputTokens },
          output_tokens: usage.outputTokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: usage.inputTokens + usage.outputTokens,
        }
      : null,
  };
}

/** A non-streamed Responses API answer (`POST /v1/responses`). */
export function responsesResponse(input: ResponsesWireInput): unknown {
  return responseObject(input, true);
}

/** The events of a streamed Responses API answer, in the order OpenAI sends them. */
export function responsesStreamEvents(input: ResponsesWireInput): ResponsesEvent[] {
  const { turn } = input;
  const size = turn.chunkSize ?? 16;
  const events: ResponsesEvent[] = [];
  const add = (data: Record<string, unknown> & { type: string }) =>
    events.push({ event: data.type, data: JSON.stringify({ ...data, sequence_number: events.length }) });
  add({ type: 'response.created', response: responseObject(input, false) });
  add({ type: 'response.in_progress', response: responseObject(input, false) });
  let outputIndex = 0;
  if (turn.text !== undefined) {
    const item = messageItem(input, turn.text);
    const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
    const at = { item_id: item.id, output_index: outputIndex, content_index: 0 };
    add({
      type: 'response.output_item.added',
      output_index: outputIndex,
      item: { ...item, status: 'in_progress', content: [] },
    });
    add({ type: 'response.content_part.added', ...at, part });
    for (const delta of splitIntoChunks(turn.text, size)) {
      add({ type: 'response.output_text.delta', ...at, delta, logprobs: [] });
    }
    add({ type: 'response.output_text.done', ...at, text: turn.text, logprobs: [] });
    add({ type: 'response.content_part.done', ...at, part: { ...part, text: turn.text } });
    add({ type: 'response.output_item.done', output_index: outputIndex, item });
    outputIndex++;
  }
  (turn.toolCalls ?? []).forEach((call, position) => {
    const item = functionCallItem(input, position, argumentsText(call));
    add({
      type: 'response.output_item.added',
      output_index: outputIndex,
      item: { ...item, arguments: '', status: 'in_progress' },
    });
    for (const delta of argumentChunks(call, size)) {
      add({
        type: 'response.function_call_arguments.delta',
        item_id: item.id,
        output_index: outputIndex,
        delta,
      });
    }
    add({
      type: 'response.function_call_arguments.done',
      item_id: item.id,
      output_index: outputIndex,
      name: item.name,
      arguments: item.arguments,
    });
    add({ type: 'response.output_item.done', output_index: outputIndex, item });
    outputIndex++;
  });
  const final = responseObject(input, true);
  add({
    type: final.status === 'incomplete' ? 'response.incomplete' : 'response.completed',
    response: final,
  });
  return events;
}
