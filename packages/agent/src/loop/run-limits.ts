import type { AgentEvent } from './agent-event.js';
import { MaxTurnsExceededError, TimeLimitExceededError } from './run-limit-errors.js';
import type { RunLoop } from './run-loop.js';
import type { RunResult } from './run-result.js';

/**
 * Before a model request: past `maxTurns` the run ends with {@link MaxTurnsExceededError}, after a
 * `run-error` event carrying the result so far (SPEC G2).
 */
export function* checkTurnLimit({ context, record }: RunLoop): Generator<AgentEvent, void> {
  const { maxTurns } = context.limits;
  if (record.turns < maxTurns) return;
  const error = new MaxTurnsExceededError(maxTurns, record.result('max-turns'));
  yield { type: 'run-error', error, result: error.result };
  throw error;
}

/**
 * The end of a run that was told to stop: the time limit throws {@link TimeLimitExceededError}
 * after a `run-error` event; a cancellation is an ordinary result with status `cancelled`.
 */
export function* stoppedRun({ context, control, record }: RunLoop): Generator<AgentEvent, RunResult> {
  if (control.stopReason === 'time-limit') {
    const error = new TimeLimitExceededError(context.limits.maxTimeMs ?? 0, record.result('time-limit'));
    yield { type: 'run-error', error, result: error.result };
    throw error;
  }
  return record.result('cancelled');
}
