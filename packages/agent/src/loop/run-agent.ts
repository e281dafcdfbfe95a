import { type ToolDeclaration, UserInputError } from '@skilldock/core';
import type { ConversationMessage, ModelToolCall } from '../model/conversation.js';
import type { FinishReason, ModelUsage } from '../model/model-provider.js';
import type { AgentEvent } from './agent-event.js';
import { callsWithoutResult } from './calls-without-result.js';
import { createTurnSignal } from './create-turn-signal.js';
import { refreshSkillCatalog } from './refresh-skill-catalog.js';
import type { RunContext } from './run-context.js';
import { MaxTurnsExceededError, TimeLimitExceededError } from './run-limit-errors.js';
import type { RunResult, RunStatus } from './run-result.js';
import type { ApprovalAnswer, RunState } from './run-state.js';
import { runToolCalls } from './run-tool-calls.js';
import type { ToolCallEnvironment } from './tool-call-environment.js';
import { uniqueToolCallIds } from './unique-tool-call-ids.js';

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
   */
  readonly onMessage?: (message: ConversationMessage) => void | Promise<void>;
}

type StopReason = 'cancelled' | 'time-limit';

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
  const started = performance.now() - (resumed?.stats.wallTimeMs ?? 0);
  const session = context.skillSession;
  const controller = new AbortController();
  let stopReason: StopReason | undefined;
  const stop = (reason: StopReason) => {
    stopReason ??= reason;
    controller.abort(reason);
  };
  const onAbort = () => stop('cancelled');
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const { maxTurns, maxTimeMs } = context.limits;
  const timer = maxTimeMs === undefined ? undefined : setTimeout(() => stop('time-limit'), maxTimeMs);

  const system =
    context.requestPrefix?.system ??
    [context.systemPrompt, session?.systemPromptSection ?? ''].filter((part) => part !== '').join('\n\n');
  const hostDeclarations: ToolDeclaration[] = context.tools.map(({ name, description, inputSchema }) => ({
    name,
    description,
    inputSchema,
  }));
  const stableDeclarations = [...hostDeclarations, ...(session?.tools ?? [])];
  const prefixTools = context.requestPrefix?.tools;
  const declarations = (): readonly ToolDeclaration[] =>
    prefixTools !== undefined
      ? prefixTools
      : session?.mode === 'progressive'
        ? [...session.filterTools(hostDeclarations, (tool) => tool.name), ...session.tools]
        : stableDeclarations;

  const messages: ConversationMessage[] = [...(resumed?.messages ?? input.messages ?? [])];
  const newMessages: ConversationMessage[] = [];
  const append = async (message: ConversationMessage) => {
    messages.push(message);
    newMessages.push(message);
    await onMessage?.(message);
  };
  const total = {
    inputTokens: resumed?.stats.inputTokens ?? 0,
    outputTokens: resumed?.stats.outputTokens ?? 0,
    cachedInputTokens: resumed?.stats.cachedInputTokens ?? 0,
  };
  let turns = resumed?.stats.turns ?? 0;
  let toolCalls = resumed?.stats.toolCalls ?? 0;
  const resultOf = (status: RunStatus): RunResult => {
    const lastAssistant = newMessages.findLast((message) => message.role === 'assistant');
    return {
      status,
      messages: [...messages],
      newMessages: [...newMessages],
      finalText: lastAssistant?.content ?? '',
      stats: { turns, ...total, toolCalls, wallTimeMs: performance.now() - started },
    };
  };
  const interrupted = (interruptions: RunState['interruptions']): RunResult => {
    const result = resultOf('interrupted');
    const state: RunState = {
      version: 1,
      messages: result.messages,
      stats: result.stats,
      interruptions,
      answers: [],
    };
    return { ...result, interruptions, state };
  };
  const cancelMessage = (when: string) =>
    stopReason === 'time-limit'
      ? `Stopped by the run's time limit ${when}.`
      : `Cancelled by the user ${when}.`;
  const toolsByName = new Map(context.tools.map((tool) => [tool.name, tool]));
  const sessionToolNames = new Set(session?.tools.map((tool) => tool.name) ?? []);

  const toolEnvironment = (
    turn: number,
    turnSignal: AbortSignal,
    answers?: ReadonlyMap<string, ApprovalAnswer>,
  ): ToolCallEnvironment => ({
    context,
    toolsByName,
    sessionToolNames,
    signal: turnSignal,
    turn,
    cancelMessage,
    appendResult: append,
    run: { messages, system, declarations },
    ...(answers === undefined ? {} : { answers }),
  });

  try {
    if (input.prompt !== undefined)
      await append({ role: 'user', content: input.prompt, origin: input.promptOrigin ?? 'prompt' });
    if (resumed !== undefined) {
      // The stopped turn first: its calls without a result run as answered, in order.
      const waiting = callsWithoutResult(messages);
      const answers = new Map(resumed.answers.map((given) => [given.toolCallId, given]));
      const turnSignal = createTurnSignal(controller.signal);
      const outcome = yield* runToolCalls(waiting, toolEnvironment(turns, turnSignal.signal, answers));
      turnSignal.dispose();
      if (outcome.interruptions.length > 0) {
        const result = interrupted(outcome.interruptions);
        yield { type: 'run-end', result };
        return result;
      }
    }
    while (stopReason === undefined) {
      // One child signal per turn: what the turn leaves listening on it goes away with it (SEC4).
      const turnSignal = createTurnSignal(controller.signal);
      try {
        yield* refreshSkillCatalog(context, turnSignal.signal);
        if (stopReason !== undefined) break;
        const signals = session?.drainSignals() ?? [];
        if (signals.length > 0) {
          await append({ role: 'user', content: signals.join('\n\n'), origin: 'signal' });
          yield { type: 'signal-append', signals };
        }
        for (const message of context.drainInbox?.() ?? []) {
          await append({ role: 'user', content: message, origin: 'prompt' });
          yield { type: 'message-deliver', text: message };
        }
        if (turns >= maxTurns) {
          const error = new MaxTurnsExceededError(maxTurns, resultOf('max-turns'));
          yield { type: 'run-error', error, result: error.result };
          throw error;
        }
        const turn = ++turns;
        yield { type: 'turn-start', turn };
        let text = '';
        let calls: ModelToolCall[] = [];
        let finishReason: FinishReason = 'other';
        try {
          for await (const event of context.model.provider.stream({
            model: context.model.model,
            system,
            messages,
            tools: declarations(),
            signal: turnSignal.signal,
            ...(context.maxOutputTokens === undefined ? {} : { maxTokens: context.maxOutputTokens }),
          })) {
            if (event.type === 'text-delta') {
              text += event.text;
              yield { type: 'text-delta', turn, text: event.text };
            } else if (event.type === 'tool-call') calls.push(event.toolCall);
            else if (event.type === 'usage') {
              addUsage(total, event.usage);
              yield { type: 'usage', turn, usage: event.usage, total: { ...total } };
            } else finishReason = event.reason;
          }
        } catch (error) {
          if (stopReason === undefined) {
            const result = resultOf('failed');
            yield { type: 'run-error', error: error as Error, result };
            throw error;
          }
          // Keep what the model said before the stop; a call it never saw run gets a result anyway.
          if (text !== '' || calls.length > 0) {
            await append({
              role: 'assistant',
              content: text,
              ...(calls.length > 0 ? { toolCalls: calls } : {}),
            });
            toolCalls += calls.length;
            for (const call of calls) {
              const content = cancelMessage('before it ran');
              await append({
                role: 'tool',
                toolCallId: call.id,
                toolName: call.name,
                content,
                isError: true,
              });
            }
          }
          yield { type: 'turn-end', turn, finishReason: 'cancelled', toolCalls: calls.length };
          break;
        }
        calls = uniqueToolCallIds(calls, turn);
        await append({ role: 'assistant', content: text, ...(calls.length > 0 ? { toolCalls: calls } : {}) });
        toolCalls += calls.length;
        yield { type: 'turn-end', turn, finishReason, toolCalls: calls.length };
        if (calls.length === 0) {
          const result = resultOf('completed');
          yield { type: 'run-end', result };
          return result;
        }
        const outcome = yield* runToolCalls(calls, toolEnvironment(turn, turnSignal.signal));
        if (outcome.interruptions.length > 0) {
          const result = interrupted(outcome.interruptions);
          yield { type: 'run-end', result };
          return result;
        }
      } finally {
        turnSignal.dispose();
      }
    }
    if (stopReason === 'time-limit') {
      const error = new TimeLimitExceededError(maxTimeMs ?? 0, resultOf('time-limit'));
      yield { type: 'run-error', error, result: error.result };
      throw error;
    }
    const result = resultOf('cancelled');
    yield { type: 'run-end', result };
    return result;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function addUsage(total: { -readonly [Key in keyof ModelUsage]: number }, usage: ModelUsage): void {
  total.inputTokens += usage.inputTokens;
  total.outputTokens += usage.outputTokens;
  total.cachedInputTokens += usage.cachedInputTokens;
}
