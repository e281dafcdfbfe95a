import { SkilldockError } from '@skilldock/core/errors';
import type { EffectiveRunLimits } from './effective-run-limits.js';
import type { RunEnd } from './run-records.js';

/** `0.4 s`, `90 s`, `30 min`, `1.5 h`: a limit in seconds as people read it. */
function duration(seconds: number): string {
  if (seconds < 120) return `${Number(seconds.toFixed(1))} s`;
  if (seconds < 7200) return `${Number((seconds / 60).toFixed(1))} min`;
  return `${Number((seconds / 3600).toFixed(1))} h`;
}

function whose(from: 'agent' | 'admin'): string {
  return from === 'agent' ? "the agent's own limit" : 'the default limit set by the admins';
}

/**
 * How a run that hit one of its limits ends (SPEC O2): the agent loop's `time_limit_exceeded`
 * becomes `failed` `run_time_limit`, its `max_turns_exceeded` `failed` `run_max_turns`, each with a
 * message naming the limit and who set it. Undefined for any other error.
 */
export function runLimitEnd(
  error: unknown,
  limits: EffectiveRunLimits,
  activeSkills: readonly string[],
): RunEnd | undefined {
  if (!SkilldockError.isInstance(error)) return undefined;
  if (error.code === 'time_limit_exceeded')
    return {
      status: 'failed',
      activeSkills,
      error: {
        code: 'run_time_limit',
        message: `The run was stopped at its time limit of ${duration(limits.timeLimitSeconds)} (${whose(limits.timeLimitFrom)}); the tools still running were cancelled.`,
      },
    };
  if (error.code === 'max_turns_exceeded')
    return {
      status: 'failed',
      activeSkills,
      error: {
        code: 'run_max_turns',
        message: `The run was stopped after ${limits.maxTurns} model requests, its turn limit (${whose(limits.maxTurnsFrom)}).`,
      },
    };
  return undefined;
}
