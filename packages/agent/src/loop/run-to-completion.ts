import type { AgentEvent } from './agent-event.js';
import { type RunAgentInput, type RunAgentOptions, runAgent } from './run-agent.js';
import type { RunContext } from './run-context.js';
import type { RunResult } from './run-result.js';

/** Options of {@link runToCompletion}. */
export interface RunToCompletionOptions extends RunAgentOptions {
  /** Sees every event as it happens. */
  readonly onEvent?: (event: AgentEvent) => void;
}

/**
 * Run the loop to its end and return the result: {@link runAgent} without iterating by hand.
 * Throws what `runAgent` throws (limits, a failed model request).
 * @example const { finalText, stats } = await runToCompletion(context, { prompt: 'Summarise README.md' });
 */
export async function runToCompletion(
  context: RunContext,
  input: RunAgentInput,
  { onEvent, ...options }: RunToCompletionOptions = {},
): Promise<RunResult> {
  const run = runAgent(context, input, options);
  for (;;) {
    const step = await run.next();
    if (step.done) return step.value;
    onEvent?.(step.value);
  }
}
