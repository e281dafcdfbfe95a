import { ConflictError, UserInputError } from '@skilldock/core/errors';
import type { TurnOutcome } from '../conversation/open-conversation.js';
import type { AgentEvent } from '../loop/agent-event.js';
import type { RunResult } from '../loop/run-result.js';
import { approveToolCall, denyToolCall, type RunState } from '../loop/run-state.js';
import { AgentState, type AgentStateValues } from './agent-state.js';
import { checkSkillCollisions, type HarnessWarning, invalidSkillWarnings } from './declared-catalog.js';
import { EventChannel } from './event-channel.js';
import {
  AGENT_STATE_EVENT,
  type HarnessOpenOptions,
  type OpenedHarness,
  openHarnessConversation,
} from './open-harness-conversation.js';
import { type AgentFunction, type RenderedAgent, renderAgent } from './render-agent.js';

/** Options of {@link createHarness}. */
export interface HarnessOptions extends HarnessOpenOptions {
  /**
   * Told about each workspace skill that was skipped (malformed), once per folder and problem.
   * Default: `process.emitWarning`. Results and streams carry them too.
   */
  readonly onWarning?: (warning: HarnessWarning) => void;
}

/** How one turn ended: the loop's result and the warnings raised before it ran. */
export interface HarnessResult extends RunResult {
  readonly warnings: readonly HarnessWarning[];
}

/** What {@link Harness.stream} yields: the loop's events, and a warning before the run starts. */
export type HarnessEvent =
  | AgentEvent
  | { readonly type: 'harness-warning'; readonly warning: HarnessWarning };

/** Options of one turn. */
export interface TurnOptions {
  readonly signal?: AbortSignal;
}

/**
 * An agent function bound to a workspace and one conversation (SPEC I6). Each turn renders the
 * agent from the conversation's state, applies what it asked for — skills to the catalog (mounts
 * announced as R7 signals), instructions to the system prompt, tools, the model — and runs the
 * same loop, skill session and transcript as `skilldock run`.
 */
export interface Harness {
  /** Renders the agent and runs one prompt to its end. Rejects with the run's error (a `ModelError`, a limit). */
  prompt(text: string, options?: TurnOptions): Promise<HarnessResult>;
  /** The same turn as {@link prompt}, as events; the generator returns the result. */
  stream(text: string, options?: TurnOptions): AsyncGenerator<HarnessEvent, HarnessResult>;
  /**
   * The run interrupted for approval (`result.status === 'interrupted'`), waiting for answers;
   * `undefined` when none is. A prompt while one waits throws `approvals_pending`.
   */
  readonly pending: RunState | undefined;
  /** Approves a pending call (by `interruptions[i].toolCallId`). */
  approve(toolCallId: string): void;
  /** Denies a pending call; `reason` reaches the model. */
  deny(toolCallId: string, reason?: string): void;
  /**
   * Resumes the interrupted run with the answers given (or with `state`, answered elsewhere with
   * `approveToolCall`/`denyToolCall` after `parseRunState` of a stored one).
   */
  resume(state?: RunState, options?: TurnOptions): Promise<HarnessResult>;
  /** The conversation's `useState` values now. */
  state(): AgentStateValues;
  /** Sets a state value from host code; the next render sees it. */
  setState(key: string, value: unknown): void;
  /** Renders the agent against the current state without running a turn (what the next turn uses). */
  render(): RenderedAgent;
  /** The transcript's session id, once the first turn opened it (for `resume`). */
  readonly sessionId: string | undefined;
  /** Stops background work, closes the transcript, and the workspace when the harness opened it. */
  close(): Promise<void>;
}

/**
 * Run an agent written as a function (SPEC I6) in a workspace, one conversation per harness.
 * @example
 * const harness = createHarness(SupportAgent, { workspace: process.cwd() });
 * const result = await harness.prompt('Refund order 1234');
 * console.log(result.finalText);
 * await harness.close();
 */
export function createHarness(agent: AgentFunction, options: HarnessOptions): Harness {
  const state = new AgentState();
  let opened: OpenedHarness | undefined;
  let persistedVersion = 0;
  let pending: RunState | undefined;
  let busy = false;
  let closed = false;
  const warned = new Set<string>();
  const report =
    options.onWarning ??
    ((warning: HarnessWarning) => process.emitWarning(warning.message, 'SkilldockWarning'));

  const open = async (): Promise<OpenedHarness> => {
    if (opened !== undefined) return opened;
    opened = await openHarnessConversation((saved) => {
      // Into the same state object: a setter an earlier render handed out keeps working.
      for (const [key, value] of Object.entries(saved ?? {})) state.set(key, value);
      if (saved !== undefined) persistedVersion = state.version;
      return renderAgent(agent, state);
    }, options);
    return opened;
  };

  /** Applies a render to the conversation: skills, collisions, model, prompt and tools. */
  const apply = async (harness: OpenedHarness, rendered: RenderedAgent): Promise<HarnessWarning[]> => {
    for (const definition of rendered.subagents) {
      if (!harness.subagentNames.has(definition.name.toLowerCase())) {
        throw new UserInputError(
          'subagent_mounted_late',
          `The subagent ${definition.name} was first mounted after the conversation started; subagents are registered on the first turn, so mount it from the first render on.`,
          { details: { name: definition.name } },
        );
      }
    }
    const { workspace, conversation, catalog } = harness;
    await workspace.refreshCatalog();
    checkSkillCollisions(rendered.skills, workspace.watcher.discovery);
    catalog.setDeclared(rendered.skills);
    const model = options.model ?? rendered.model;
    if (model !== undefined && model !== workspace.model.label) {
      await workspace.useModel(model);
      conversation.followModel();
    }
    conversation.configure({
      systemPrompt: rendered.systemPrompt,
      extraTools: [...rendered.tools, ...harness.subagentTools],
    });
    const fresh = invalidSkillWarnings(workspace.watcher.discovery).filter((warning) => {
      const key = `${warning.path}\n${warning.message}`;
      if (warned.has(key)) return false;
      warned.add(key);
      return true;
    });
    return fresh;
  };

  const persistState = async (harness: OpenedHarness): Promise<void> => {
    if (state.version === persistedVersion) return;
    persistedVersion = state.version;
    await harness.conversation.transcript.appendEvent(AGENT_STATE_EVENT, { values: state.values() });
  };

  const turn = async (
    start: (harness: OpenedHarness, onEvent: (event: AgentEvent) => void) => Promise<TurnOutcome>,
    emit: (event: HarnessEvent) => void,
    expectPending: boolean,
    signal: AbortSignal | undefined,
  ): Promise<HarnessResult> => {
    if (closed) throw new ConflictError('harness_closed', 'This harness was closed; create another one.');
    if (busy) {
      throw new ConflictError(
        'harness_busy',
        'A turn of this conversation is still running; wait for it before starting another.',
      );
    }
    if (!expectPending && pending !== undefined) {
      throw new ConflictError(
        'approvals_pending',
        `The last turn is waiting for approval of ${pending.interruptions.map((request) => request.toolName).join(', ')}; answer with approve/deny and resume() first.`,
      );
    }
    busy = true;
    try {
      const harness = await open();
      // After open: a resumed conversation renders from its saved state.
      const warnings = await apply(harness, renderAgent(agent, state));
      for (const warning of warnings) {
        report(warning);
        emit({ type: 'harness-warning', warning });
      }
      await persistState(harness);
      let outcome = await start(harness, emit);
      // As `skilldock run` does: the turn ends when the model has answered with nothing it started
      // (a background subagent, a shell) still running; their results go to it as one signal.
      const { tasks, conversation } = harness;
      while (outcome.error === undefined && outcome.result.status === 'completed') {
        if (!tasks.hasRunningBackground() && !tasks.hasResults()) break;
        await tasks.waitForResult(signal);
        if (signal?.aborted === true) break;
        if (!tasks.hasResults()) continue;
        outcome = await conversation.send(tasks.takeNotificationText()!, {
          onEvent: emit,
          origin: 'signal',
          ...(signal === undefined ? {} : { signal }),
        });
      }
      pending = outcome.result.status === 'interrupted' ? outcome.result.state : undefined;
      await persistState(harness);
      if (outcome.error !== undefined) throw outcome.error;
      return { ...outcome.result, warnings };
    } finally {
      busy = false;
    }
  };

  const sendTurn = (text: string, { signal }: TurnOptions, emit: (event: HarnessEvent) => void) =>
    turn(
      (harness, onEvent) =>
        harness.conversation.send(text, { onEvent, ...(signal === undefined ? {} : { signal }) }),
      emit,
      false,
      signal,
    );

  return {
    prompt(text, turnOptions = {}) {
      return sendTurn(text, turnOptions, () => undefined);
    },
    async *stream(text, turnOptions = {}) {
      const channel = new EventChannel<HarnessEvent>();
      const running = sendTurn(text, turnOptions, (event) => channel.push(event)).finally(() =>
        channel.end(),
      );
      // A consumer that stops reading early must not leave the rejection unhandled.
      running.catch(() => undefined);
      for await (const event of channel) yield event;
      return await running;
    },
    get pending() {
      return pending;
    },
    approve(toolCallId) {
      pending = approveToolCall(requirePending(pending), toolCallId);
    },
    deny(toolCallId, reason) {
      pending = denyToolCall(requirePending(pending), toolCallId, reason);
    },
    resume(answered, turnOptions = {}) {
      const resumed = answered ?? requirePending(pending);
      const { signal } = turnOptions;
      return turn(
        (harness, onEvent) =>
          harness.conversation.resume(resumed, { onEvent, ...(signal === undefined ? {} : { signal }) }),
        () => undefined,
        true,
        signal,
      );
    },
    state() {
      return state.values();
    },
    setState(key, value) {
      state.set(key, value);
    },
    render() {
      return renderAgent(agent, state);
    },
    get sessionId() {
      return opened?.conversation.transcript.id;
    },
    async close() {
      if (closed) return;
      closed = true;
      const harness = opened;
      if (harness === undefined) return;
      await harness.subagents.close();
      await harness.conversation.close();
      if (harness.ownsWorkspace) await harness.workspace.close();
    },
  };
}

function requirePending(pending: RunState | undefined): RunState {
  if (pending === undefined) {
    throw new UserInputError('approval_not_pending', 'No turn of this conversation is waiting for approval.');
  }
  return pending;
}
