import { z } from '@hono/zod-openapi';
import {
  type RunLimitSettings,
  runMaxTurnsSchema,
  runTimeLimitSecondsSchema,
} from '../run-limits/run-limit-settings.js';

/** An agent's own run limits (SPEC O2): each one set replaces the admins' default for its runs. */
export const agentRunLimitsSchema = z
  .object({ timeLimitSeconds: runTimeLimitSecondsSchema.optional(), maxTurns: runMaxTurnsSchema.optional() })
  .strict()
  .openapi('AgentRunLimits', {
    description: "The agent's own time and turn limits; each one left out is the admins' default",
  });

/** An agent's own run limits, as stored in its row (`{}`: the admins' defaults). */
export type AgentRunLimits = z.infer<typeof agentRunLimitsSchema>;

/** The limits one run gets, and where each came from (for its error message). */
export interface EffectiveRunLimits {
  readonly timeLimitSeconds: number;
  readonly maxTurns: number;
  readonly timeLimitFrom: 'agent' | 'admin';
  readonly maxTurnsFrom: 'agent' | 'admin';
}

/**
 * The limits of a run of an agent (SPEC O2): the agent's own where it set one, else the admins'
 * default. The one place a run's limits are decided.
 * @example effectiveRunLimits(await readRunLimitSettings(db), agent.runLimits).maxTurns
 */
export function effectiveRunLimits(
  settings: RunLimitSettings,
  agent: AgentRunLimits | null | undefined,
): EffectiveRunLimits {
  return {
    timeLimitSeconds: agent?.timeLimitSeconds ?? settings.timeLimitSeconds,
    maxTurns: agent?.maxTurns ?? settings.maxTurns,
    timeLimitFrom: agent?.timeLimitSeconds === undefined ? 'admin' : 'agent',
    maxTurnsFrom: agent?.maxTurns === undefined ? 'admin' : 'agent',
  };
}
