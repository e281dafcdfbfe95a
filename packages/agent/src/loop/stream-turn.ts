import type { ModelRequest, ModelToolCall } from '../model/conversation.js';
import type { FinishReason, ModelProvider, ModelUsage } from '../model/model-provider.js';
import type { AgentEvent } from './agent-event.js';

/** What the model said in one turn; `error` when the stream failed part way (what came before is kept). */
export interface TurnOutput {
  readonly text: string;
  readonly calls: readonly ModelToolCall[];
  readonly finishReason: FinishReason;
  readonly error?: unknown;
}

/**
 * Stream one model request (SPEC G2): text deltas and usage become events as they arrive (usage
 * added to the run's totals by `addUsage`), tool calls and the finish reason are collected. A failed
 * stream does not throw: the caller decides whether it was a stop or a failure.
 */
export async function* streamTurn(
  provider: ModelProvider,
  request: ModelRequest,
  turn: number,
  addUsage: (usage: ModelUsage) => ModelUsage,
): AsyncGenerator<AgentEvent, TurnOutput> {
  let text = '';
  const calls: ModelToolCall[] = [];
  let finishReason: FinishReason = 'other';
  try {
    for await (const event of provider.stream(request)) {
      if (event.type === 'text-delta') {
        text += event.text;
        yield { type: 'text-delta', turn, text: event.text };
      } else if (event.type === 'tool-call') calls.push(event.toolCall);
      else if (event.type === 'usage') {
        const total = addUsage(event.usage);
        yield { type: 'usage', turn, usage: event.usage, total };
      } else finishReason = event.reason;
    }
  } catch (error) {
    return { text, calls, finishReason, error };
  }
  return { text, calls, finishReason };
}
