import type { FakeToolCall, FakeTurn } from './fake-model-turn.js';

/** Split text into chunks of at most `size` characters; an empty text is no chunk. */
export function splitIntoChunks(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

/** The JSON text of a call's arguments, as the model would write it. */
export function argumentsText(call: FakeToolCall): string {
  if (typeof call.arguments === 'string') return call.arguments;
  return JSON.stringify(call.arguments ?? {});
}

/** Argument pieces: always at least two when there are two characters, so deltas cross chunks. */
export function argumentChunks(call: FakeToolCall, size: number): string[] {
  const text = argumentsText(call);
  if (text.length < 2) return [text];
  return splitIntoChunks(text, Math.min(size, Math.ceil(text.length / 2)));
}

/** Token counts for a turn: scripted ones, else sizes divided by four (deterministic). */
export function turnUsage(
  turn: FakeTurn,
  requestBytes: number,
): { inputTokens: number; outputTokens: number; cachedInputTokens: number } {
  const answerCharacters =
    (turn.text ?? '').length +
    (turn.toolCalls ?? []).reduce((sum, call) => sum + call.name.length + argumentsText(call).length, 0);
  return {
    inputTokens: turn.usage?.inputTokens ?? Math.ceil(requestBytes / 4),
    outputTokens: turn.usage?.outputTokens ?? Math.max(1, Math.ceil(answerCharacters / 4)),
    cachedInputTokens: turn.usage?.cachedInputTokens ?? 0,
  };
}

/** The stop reason in neutral words. */
export function turnFinish(turn: FakeTurn): 'stop' | 'length' | 'tool-calls' {
  return turn.finishReason ?? ((turn.toolCalls ?? []).length > 0 ? 'tool-calls' : 'stop');
}
