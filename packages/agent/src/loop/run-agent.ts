import { UserInputError } from '@skilldock/core/errors';
import type { ConversationMessage } from '../model/conversation.js';
import type { AgentEvent } from './agent-event.js';
import { answerApproval } from './answer-approval.js';
import type { RunContext } from './run-context.js';
import { startRunControl } from './run-control.js';
import { createRunLoop } from './run-loop.js';
import { createRunRecord } from './run-record.js';
import type { RunResult } from './run-result.js';
import type { RunState } from './run-state.js';
import { runTurns } from './run-turns.js';

/**
 * What a run starts from: earlier messages (a continued conversation), a new prompt, or both; or
 * the `state` of an interrupted run whose approvals were answered (then nothing else).
 */
export interface RunAgentInput {
  readonly messages?: readonly ConversationMessage[];
  /** Appended as a user message after `messages`. */
  readonly prompt?: string;
  /**
   * `signal` when the prompt is text the host sends on its own (background task notifications),
   * which is not a user turn (fork history counts only real ones). Default `prompt`.
   */
  readonly promptOrigin?: 'prompt' | 'signal';
  /** Resume an interrupted run: its calls run as answered, then the loop goes on. */
  readonly state?: RunState;
}

/** Options of {@link runAgent}. */
export interface RunAgentOptions {
  /** Cancels the run: the current turn stops, the run ends with status `cancelled`. */
  readonly signal?: AbortSignal;
  /**
   * Called with each message as it completes (the prompt, a signal, an assistant answer, a tool
   * result), in conversation order; the loop waits for it before going on. A conversation appends
   * it to its transcript here, so a crash mid-run keeps every finished message. A throw ends the run.
   * `checkpoint` is the run's resumable state as of this message (SPEC O1: a durable host stores
   * it with the message; `runAgent(context, { state: checkpoint })` goes on from there, running the
   * calls of the last turn that have no result yet).
   */
  readonly onMessage?: (message: ConversationMessage, checkpoint: RunState) => void | Promise<void>;
}

/**
 * Run the agent loop (SPEC G2): ask the model, run the tools it calls, repeat until it answers
 * without tool calls. Yields {@link AgentEvent}s and returns the {@link RunResult}; `run-end` (or
 * `run-error`) is the last event. The system prompt (base + the skill catalog) and the tool
 * declarations are built once and sent byte-identical on every request (SPEC R1); skill changes
 * arrive as appended user messages (R7), with the catalog re-read before each request when the
 * context has `refreshCatalog`. Cancelling ends the run with status `cancelled` and
 * a consistent conversation. The turn limit throws {@link MaxTurnsExceededError}, the time limit
 * {@link TimeLimitExceededError}, a failed model request its `ModelError` — each after a
 * `run-error` event carrying the result so far.
 *
 * Approvals take one path (SPEC G3): a call that needs one stops the run with a {@link RunState};
 * with `interruptForApproval` the run ends there (`interrupted`, resumable), and with an
 * `askApproval` callback the loop asks it ({@link answerApproval}), answers the state and resumes,
 * all in this one run. The phases are in their own modules: the request (`build-model-request`),
 * a turn (`run-turns`, `stream-turn`), the tool calls (`run-tool-calls`), limits and stops
 * (`run-limits`, `run-control`), what was said and spent (`run-record`).
 * @example
 * for await (const event of runAgent(context, { prompt: 'Fix the failing test' }, { signal })) {
 *   if (event.type === 'text-delta') process.stdout.write(event.text);
 * }
 */
export async function* runAgent(
  context: RunContext,
  input: RunAgentInput,
  { signal, onMessage }: RunAgentOptions = {},
): AsyncGenerator<AgentEvent, RunResult> {
  const resumed = input.state;
  if (resumed !== undefined && (input.messages !== undefined || input.prompt !== undefined)) {
    throw new UserInputError(
      'run_input_invalid',
      'A resumed run takes its state alone: the conversation is in it; add a prompt after it completes.',
    );
  }
  const control = startRunControl({
    signal,
    maxTimeMs: context.limits.maxTimeMs,
    spentMs: resumed?.stats.wallTimeMs ?? 0,
  });
  const record = createRunRecord({
    messages: resumed?.messages ?? input.messages ?? [],
    stats: resumed?.stats,
    elapsedMs: control.elapsedMs,
    onMessage,
    answers: resumed?.answers,
  });
  const loop = createRunLoop(context, control, record);
  try {
    if (input.prompt !== undefined)
      await record.append({ role: 'user', content: input.prompt, origin: input.promptOrigin ?? 'prompt' });
    let state = resumed;
    for (;;) {
      const result = yield* runTurns(loop, state);
      if (
        result.status === 'interrupted' &&
        result.state !== undefined &&
        context.askApproval !== undefined
      ) {
        state = await answerApproval(result.state, context.askApproval, control.signal);
        continue;
      }
      yield { type: 'run-end', result };
      return result;
    }
  } finally {
    control.dispose();
  }
}
