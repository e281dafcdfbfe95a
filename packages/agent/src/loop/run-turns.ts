import type { ModelToolCall } from '../model/conversation.js';
import type { AgentEvent } from './agent-event.js';
import { callsWithoutResult } from './calls-without-result.js';
import { createTurnSignal } from './create-turn-signal.js';
import { refreshSkillCatalog } from './refresh-skill-catalog.js';
import { checkTurnLimit, stoppedRun } from './run-limits.js';
import type { RunLoop } from './run-loop.js';
import type { RunResult } from './run-result.js';
import type { RunState } from './run-state.js';
import { runToolCalls } from './run-tool-calls.js';
import { streamTurn } from './stream-turn.js';
import { uniqueToolCallIds } from './unique-tool-call-ids.js';

/**
 * Run turns until the model answers without tool calls (`completed`), a call waits for an
 * approval (`interrupted`) or the run is stopped (`cancelled`, or the time limit's error). With a
 * `resumed` state, its stopped turn's calls run first, as answered. Limits and model failures
 * throw after a `run-error` event.
 */
export async function* runTurns(loop: RunLoop, resumed?: RunState): AsyncGenerator<AgentEvent, RunResult> {
  const { control } = loop;
  if (resumed !== undefined) {
    const stopped = yield* resumeStoppedTurn(loop, resumed);
    if (stopped !== undefined) return stopped;
  }
  while (control.stopReason === undefined) {
    // One child signal per turn: what the turn leaves listening on it goes away with it (SEC4).
    const turnSignal = createTurnSignal(control.signal);
    try {
      const ended = yield* runTurn(loop, turnSignal.signal);
      if (ended === 'stopped') break;
      if (ended !== undefined) return ended;
    } finally {
      turnSignal.dispose();
    }
  }
  return yield* stoppedRun(loop);
}

/** The calls of a resumed run's stopped turn that have no result, run as answered, in order. */
async function* resumeStoppedTurn(
  loop: RunLoop,
  state: RunState,
): AsyncGenerator<AgentEvent, RunResult | undefined> {
  const { control, record } = loop;
  const waiting = callsWithoutResult(record.messages);
  const answers = new Map(state.answers.map((given) => [given.toolCallId, given]));
  const interrupted = new Map(state.interruptions.map((request) => [request.toolCallId, request]));
  const turnSignal = createTurnSignal(control.signal);
  try {
    const outcome = yield* runToolCalls(
      waiting,
      loop.toolEnvironment(record.turns, turnSignal.signal, answers, interrupted),
    );
    return outcome.interruptions.length > 0 ? record.interrupted(outcome.interruptions) : undefined;
  } finally {
    turnSignal.dispose();
  }
}

/**
 * One turn (SPEC G2, R7): refresh the catalog, append the skill session's signals, check the turn
 * limit, stream the model's answer, run its tool calls. Returns the run's result when it ends here,
 * `stopped` when a stop cut the turn short, and `undefined` to go on.
 */
async function* runTurn(
  loop: RunLoop,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent, RunResult | 'stopped' | undefined> {
  const { context, control, record } = loop;
  yield* refreshSkillCatalog(context, signal);
  if (control.stopReason !== undefined) return 'stopped';
  const signals = context.skillSession?.drainSignals() ?? [];
  if (signals.length > 0) {
    await record.append({ role: 'user', content: signals.join('\n\n'), origin: 'signal' });
    yield { type: 'signal-append', signals };
  }
  for (const message of context.drainInbox?.() ?? []) {
    await record.append({ role: 'user', content: message, origin: 'prompt' });
    yield { type: 'message-deliver', text: message };
  }
  yield* checkTurnLimit(loop);
  const turn = record.startTurn();
  yield { type: 'turn-start', turn };
  const output = yield* streamTurn(
    context.model.provider,
    loop.buildRequest(record.messages, signal),
    turn,
    record.addUsage,
  );
  if (output.error !== undefined) {
    if (control.stopReason === undefined) {
      const result = record.result('failed');
      yield { type: 'run-error', error: output.error as Error, result };
      throw output.error;
    }
    yield* keepStoppedTurn(loop, turn, output.text, output.calls);
    return 'stopped';
  }
  const calls = uniqueToolCallIds(output.calls, turn);
  await record.append({
    role: 'assistant',
    content: output.text,
    ...(calls.length > 0 ? { toolCalls: calls } : {}),
  });
  record.countToolCalls(calls.length);
  yield { type: 'turn-end', turn, finishReason: output.finishReason, toolCalls: calls.length };
  if (calls.length === 0) return record.result('completed');
  const outcome = yield* runToolCalls(calls, loop.toolEnvironment(turn, signal));
  return outcome.interruptions.length > 0 ? record.interrupted(outcome.interruptions) : undefined;
}

/** Keep what the model said before a stop; a call it never saw run gets a result anyway. */
async function* keepStoppedTurn(
  { control, record }: RunLoop,
  turn: number,
  text: string,
  calls: readonly ModelToolCall[],
): AsyncGenerator<AgentEvent, void> {
  if (text !== '' || calls.length > 0) {
    await record.append({
      role: 'assistant',
      content: text,
      ...(calls.length > 0 ? { toolCalls: calls } : {}),
    });
    record.countToolCalls(calls.length);
    for (const call of calls) {
      const content = control.cancelMessage('before it ran');
      await record.append({ role: 'tool', toolCallId: call.id, toolName: call.name, content, isError: true });
    }
  }
  yield { type: 'turn-end', turn, finishReason: 'cancelled', toolCalls: calls.length };
}
