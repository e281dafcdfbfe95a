import { SkilldockError } from '@skilldock/core/errors';
import type { RunResult } from './run-result.js';

/** The run needed more model requests than `limits.maxTurns` allows (SPEC G2). */
export class MaxTurnsExceededError extends SkilldockError {
  /** The conversation and stats up to the limit, so the caller can keep or resume it. */
  readonly result: RunResult;

  constructor(maxTurns: number, result: RunResult) {
    super('max_turns_exceeded', `The run stopped after ${maxTurns} model requests (the turn limit).`, {
      details: { limit: maxTurns, actual: result.stats.turns },
    });
    this.result = result;
  }
}

/** The run took longer than `limits.maxTimeMs` (SPEC G2). */
export class TimeLimitExceededError extends SkilldockError {
  /** The conversation and stats up to the limit; unfinished tool calls have results saying why. */
  readonly result: RunResult;

  constructor(maxTimeMs: number, result: RunResult) {
    super('time_limit_exceeded', `The run stopped after ${maxTimeMs} ms (the time limit).`, {
      details: { limit: maxTimeMs, actual: Math.round(result.stats.wallTimeMs) },
    });
    this.result = result;
  }
}
