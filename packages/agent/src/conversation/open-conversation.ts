import type { CatalogSnapshot } from '@skilldock/core/catalog';
import { createSkillSession, type SkillSession, type UsageEvent } from '@skilldock/core/runtime';
import { openSessionCuration } from '../curator/open-session-curation.js';
import { openAutoSkillSession } from '../learn/auto-skill/auto-skill-session.js';
import type { AgentEvent } from '../loop/agent-event.js';
import { callsWithoutResult } from '../loop/calls-without-result.js';
import { type RunAgentInput, runAgent } from '../loop/run-agent.js';
import {
  type ApprovalCallback,
  createRunContext,
  type RunContext,
  type RunLimits,
} from '../loop/run-context.js';
import type { RunResult } from '../loop/run-result.js';
import type { RunState } from '../loop/run-state.js';
import type { ConversationMessage } from '../model/conversation.js';
import type { ApprovalMode } from '../policy/approval-mode.js';
import { loadSession } from '../session/load-session.js';
import { SessionTranscript } from '../session/session-transcript.js';
import { fromTranscriptMessage, toTranscriptMessage } from '../session/transcript-messages.js';
import type { BackgroundTaskHost } from '../subagents/background-task-host.js';
import type { AgentTool, UserAnswer, UserQuestion } from '../tools/agent-tool.js';
import type { AgentWorkspace } from '../workspace/open-workspace.js';
import type { WorkspaceNotice } from '../workspace/workspace-notice.js';
import { terminalSystemPrompt } from './terminal-system-prompt.js';

/** Options of {@link openConversation}. */
export interface OpenConversationOptions {
  readonly approvalModes: readonly ApprovalMode[];
  /** Skills active from the first turn (SPEC R8); a missing one fails the start. */
  readonly preload?: readonly string[];
  readonly limits?: Partial<RunLimits>;
  /** Absent in headless runs: calls that need approval are then denied. */
  readonly askApproval?: ApprovalCallback;
  readonly askUser?: (question: UserQuestion) => Promise<UserAnswer>;
  /** A session id to continue, or `latest`; absent starts a new session. */
  readonly resume?: string;
  /** The agent's own system prompt (the skill catalog follows it); default the terminal agent's. */
  readonly systemPrompt?: string;
  /** Declared after the workspace's tools for the whole conversation (the subagent tools, SPEC A3). */
  readonly extraTools?: readonly AgentTool[];
  /** Where `run_in_background` work starts (SPEC A5, A10); absent: it is refused. */
  readonly backgroundTasks?: BackgroundTaskHost;
  /**
   * Without `askApproval`: a call that needs approval stops the run with status `interrupted` and
   * a resumable `RunState` (answer it, then {@link Conversation.resume}) instead of being denied.
   */
  readonly interruptForApproval?: boolean;
  /**
   * The catalog the conversation sees, made from the workspace's after every refresh (a harness adds
   * the skills its agent mounts in code, SPEC I6). It must return the same snapshot for the same
   * input when nothing changed; a skill it adds or drops is announced as a change signal (R7). With
   * it, the conversation reads the workspace's catalog before each request instead of following it.
   */
  readonly catalog?: (workspaceCatalog: CatalogSnapshot) => CatalogSnapshot;
}

/** Options of {@link Conversation.send} and {@link Conversation.resume}. */
export interface SendOptions {
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: AgentEvent) => void;
  /** `signal` for text the host sends on its own (task notifications): not a user turn. */
  readonly origin?: 'prompt' | 'signal';
}

/** What {@link Conversation.configure} changes for the following turns. */
export interface ConversationConfiguration {
  /** The agent's own system prompt (the skill catalog follows it). */
  readonly systemPrompt?: string;
  /** Declared after the workspace's tools. */
  readonly extraTools?: readonly AgentTool[];
}

/** How one prompt's run ended. `error` is set for failed runs (model error, limits). */
export interface TurnOutcome {
  readonly result: RunResult;
  readonly error?: Error;
}

/**
 * One conversation (SPEC G5, R1): a skill session and a run context created once, a transcript,
 * and the messages so far. Every prompt runs on the same system prompt and tool declarations.
 */
export interface Conversation {
  readonly skillSession: SkillSession;
  readonly context: RunContext;
  readonly transcript: SessionTranscript;
  readonly messages: readonly ConversationMessage[];
  /** Set when the conversation continues a saved session: how many messages it brought back. */
  readonly resumed?: { readonly id: string; readonly messageCount: number };
  /** What was repaired when resuming (`transcript_repaired`): a torn last line, unanswered calls. */
  readonly notices: readonly WorkspaceNotice[];
  /**
   * Runs one prompt to its end; never throws for a failed run. Each message goes to the transcript
   * as it completes, so a process that dies mid-run keeps every finished message.
   */
  send(prompt: string, options?: SendOptions): Promise<TurnOutcome>;
  /**
   * Resumes a run that stopped at approvals (`interruptForApproval`) from its answered `state`
   * (`approveToolCall` / `denyToolCall`); its new messages reach the transcript as `send`'s do.
   */
  resume(state: RunState, options?: Omit<SendOptions, 'origin'>): Promise<TurnOutcome>;
  /** Sends later turns to the workspace's current model; the prefix of the prompt stays the same. */
  followModel(): void;
  /**
   * Changes the system prompt or the extra tools for later turns (a harness's re-rendered agent).
   * Throws `UserInputError` `duplicate_tool_name` when a tool's name is taken; the old
   * configuration then stays. The prefix changes only when these do.
   */
  configure(configuration: ConversationConfiguration): void;
  close(): Promise<void>;
}

/**
 * Open (or resume) a conversation in a workspace: the skill session with its preloaded skills, the
 * run context (tools fixed for the whole conversation, SPEC R1), and the JSONL transcript (`0600`
 * in a `0700` folder). Resuming cuts a torn last line away and answers the tool calls a crash left
 * without a result, each with a notice.
 * @example
 * const conversation = await openConversation(workspace, { approvalModes: ['default'], resume: 'latest' });
 * const { result, error } = await conversation.send('Go on');
 * await conversation.close();
 */
export async function openConversation(
  workspace: AgentWorkspace,
  options: OpenConversationOptions,
): Promise<Conversation> {
  const location = { home: workspace.homeDirectory, projectRoot: workspace.projectRoot };
  // Usage events (R10) of preloaded skills arrive before the transcript exists: held until then.
  let transcript: SessionTranscript | undefined;
  const heldUsage: UsageEvent[] = [];
  let skillSession: SkillSession | undefined;
  let catalog: CatalogSnapshot | undefined;
  // The curator (SPEC L3): maintenance when due, and each activation of a generated skill counted
  // as a use (R10). It never stops the session; what failed becomes a notice or a transcript event.
  const curation = await openSessionCuration({
    projectRoot: workspace.projectRoot,
    settings: workspace.settings,
    writable: workspace.trusted && !workspace.safeMode,
    // Preloaded skills activate before the session exists: the starting catalog answers for them.
    skillOf: (id) => (skillSession?.catalog ?? catalog)?.skills.find((skill) => skill.id === id),
    onError: (error) => {
      transcript
        ?.appendEvent('curator-error', { code: errorCode(error as Error), message: (error as Error).message })
        .catch(() => undefined);
    },
  });
  const appendUsage = (usage: UsageEvent) => {
    if (transcript === undefined) heldUsage.push(usage);
    else transcript.appendEvent('skill-usage', usage).catch(() => undefined);
  };
  const recordUsage = (usage: UsageEvent) => {
    curation.onUsage(usage);
    appendUsage(usage);
  };
  // Maintenance that moved folders makes the watcher's snapshot stale: read the catalog afresh.
  const workspaceCatalog =
    (curation.moved ? undefined : workspace.watcher.snapshot) ?? (await workspace.refreshCatalog());
  catalog = options.catalog?.(workspaceCatalog) ?? workspaceCatalog;
  const budget = workspace.settings.skills?.budget;
  // Before the transcript: a preload that fails (R8) must not leave an empty session behind.
  skillSession = await createSkillSession({
    catalog,
    mode: 'stable',
    // The built-in tools are the CLI's own: a skill declaring one never gates it (SPEC R6). MCP
    // tools (`mcp__<server>__<tool>`, G4) stay gateable by the skills that declare them.
    baseTools: workspace.tools.map((tool) => tool.name).filter((name) => !name.startsWith('mcp__')),
    ...(options.preload === undefined ? {} : { preload: options.preload }),
    ...(budget === undefined ? {} : { budget }),
    onUsage: recordUsage,
  });

  const messages: ConversationMessage[] = [];
  const notices: WorkspaceNotice[] = [...curation.notices];
  let resumed: Conversation['resumed'];
  if (options.resume !== undefined) {
    const id =
      options.resume === 'latest' ? (await loadSession(location, 'latest')).header.id : options.resume;
    const opened = await SessionTranscript.resume({ ...location, id });
    transcript = opened.transcript;
    if (opened.loaded.truncatedLastLine) {
      notices.push({
        code: 'transcript_repaired',
        message: `The last line of ${opened.loaded.file} was cut off when its run ended abruptly; it was removed and the session continues from the line before.`,
      });
    }
    messages.push(...opened.loaded.messages.map(fromTranscriptMessage));
    resumed = { id, messageCount: messages.length };
    const unanswered = callsWithoutResult(messages);
    for (const call of unanswered) {
      const message: ConversationMessage = {
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: 'The session ended before this call finished; it may or may not have taken effect.',
        isError: true,
      };
      messages.push(message);
      await transcript.appendMessage(toTranscriptMessage(message));
    }
    if (unanswered.length > 0) {
      notices.push({
        code: 'transcript_repaired',
        message: `The session ${id} ended during ${unanswered.map((call) => call.name).join(', ')}; ${unanswered.length === 1 ? 'that call is' : 'those calls are'} recorded as unfinished.`,
      });
    }
  } else {
    transcript = await SessionTranscript.create({ ...location, model: workspace.model.label });
  }
  const openTranscript = transcript;
  for (const usage of heldUsage.splice(0)) appendUsage(usage);
  const session = skillSession;
  const shape = options.catalog;
  // A shaped catalog is made from the workspace's before every request; following the workspace
  // as well would hand the session the unshaped one in between (and announce changes twice).
  const unfollow = shape === undefined ? workspace.follow(session) : () => undefined;
  const refreshCatalog =
    shape === undefined
      ? () => workspace.refreshCatalog()
      : async () => shape(await workspace.refreshCatalog());
  let configured: ConversationConfiguration = {
    ...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
    ...(options.extraTools === undefined ? {} : { extraTools: options.extraTools }),
  };
  // read_file answers the skills' virtual paths and activates a skill whose SKILL.md it reads (R4,
  // R5): the loop's default for a tool of that name. The catalog is re-read before every request,
  // so an edit made while the model answered is announced in the very next one (R7).
  const build = () =>
    createRunContext({
      cwd: workspace.projectRoot,
      model: workspace.model.route,
      tools: [...workspace.tools, ...(configured.extraTools ?? [])],
      skillSession: session,
      refreshCatalog,
      approvalModes: options.approvalModes,
      secrets: workspace.secrets,
      systemPrompt:
        configured.systemPrompt ??
        terminalSystemPrompt({ projectRoot: workspace.projectRoot, platform: process.platform }),
      ...(options.interruptForApproval === true ? { interruptForApproval: true } : {}),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.askApproval === undefined ? {} : { askApproval: options.askApproval }),
      ...(options.askUser === undefined ? {} : { askUser: options.askUser }),
      ...(options.backgroundTasks === undefined ? {} : { backgroundTasks: options.backgroundTasks }),
    });
  let context = build();
  // Auto skill (SPEC L2): the session's tool calls count toward a background review.
  const autoSkill = openAutoSkillSession({
    projectRoot: workspace.projectRoot,
    settings: workspace.settings,
    writable: workspace.trusted && !workspace.safeMode,
    tools: workspace.tools,
    secrets: workspace.secrets,
    model: () => workspace.model.route,
    ...(options.backgroundTasks === undefined ? {} : { backgroundTasks: options.backgroundTasks }),
  });

  /** One run of the loop on the current context, each message handed to the transcript. */
  const run = async (
    input: RunAgentInput,
    { signal, onEvent }: Omit<SendOptions, 'origin'>,
  ): Promise<TurnOutcome> => {
    // A failed append (a full disk) does not stop the run; the first one is reported after it.
    let writeFailure: unknown;
    const onMessage = async (message: ConversationMessage) => {
      messages.push(message);
      await openTranscript.appendMessage(toTranscriptMessage(message)).catch((error: unknown) => {
        writeFailure ??= error;
      });
    };
    const steps = runAgent(context, input, {
      onMessage,
      ...(signal === undefined ? {} : { signal }),
    });
    let result: RunResult | undefined;
    let failure: Error | undefined;
    try {
      for (;;) {
        const step = await steps.next();
        if (step.done) {
          result = step.value;
          break;
        }
        const event = step.value;
        if (event.type === 'usage') openTranscript.appendUsage(event.usage).catch(() => undefined);
        if (event.type === 'run-error') result = event.result;
        autoSkill?.observe(event);
        onEvent?.(event);
      }
    } catch (error) {
      failure = error as Error;
    }
    if (result === undefined) throw failure ?? new Error('the run ended without a result');
    const review = autoSkill?.afterRun(messages, session.catalog.skills);
    if (review !== undefined)
      await openTranscript.appendEvent('auto-skill-review', review).catch(() => undefined);
    if (writeFailure !== undefined) throw writeFailure;
    await openTranscript.appendEvent(failure === undefined ? 'run-end' : 'run-error', {
      status: result.status,
      stats: result.stats,
      ...(failure === undefined ? {} : { code: errorCode(failure), message: failure.message }),
    });
    return failure === undefined ? { result } : { result, error: failure };
  };

  return {
    skillSession: session,
    get context() {
      return context;
    },
    transcript: openTranscript,
    messages,
    ...(resumed === undefined ? {} : { resumed }),
    notices,
    send(prompt, { origin, ...runOptions } = {}) {
      return run(
        { messages: [...messages], prompt, ...(origin === undefined ? {} : { promptOrigin: origin }) },
        runOptions,
      );
    },
    resume(state, runOptions = {}) {
      return run({ state }, runOptions);
    },
    followModel() {
      context = build();
    },
    configure(configuration) {
      const previous = configured;
      configured = { ...configured, ...configuration };
      try {
        context = build();
      } catch (error) {
        configured = previous;
        throw error;
      }
    },
    async close() {
      unfollow();
      await curation.flush();
      await openTranscript.close();
    },
  };
}

/** The snake_case code a transcript records for a failed run; `internal_error` for Node's own codes. */
function errorCode(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[a-z][A-Za-z0-9_]*$/.test(code) ? code : 'internal_error';
}
