import type {
  AgentEvent,
  ApprovalCallback,
  ApprovalMode,
  ConversationMessage,
  RunContext,
  RunLimits,
  RunResult,
  SessionTranscript,
  UserAnswer,
  UserQuestion,
} from '@skilldock/agent';
import type { SkillSession, UsageEvent } from '@skilldock/core';
import { errorCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { AgentWorkspace } from './create-agent-workspace.js';
import { loadAgent } from './load-agent.js';
import { terminalSystemPrompt } from './terminal-system-prompt.js';
import { fromTranscriptMessage, toTranscriptMessage } from './transcript-messages.js';

/** Options of {@link startConversation}. */
export interface ConversationOptions {
  readonly approvalModes: readonly ApprovalMode[];
  /** Skills active from the first turn (SPEC R8); a missing one fails the start. */
  readonly preload?: readonly string[];
  readonly limits?: Partial<RunLimits>;
  /** Absent in headless runs: calls that need approval are then denied. */
  readonly askApproval?: ApprovalCallback;
  readonly askUser?: (question: UserQuestion) => Promise<UserAnswer>;
  /** A session id to continue, or `latest`; absent starts a new session. */
  readonly resume?: string;
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
  /** Runs one prompt to its end, recording it in the transcript; never throws for a failed run. */
  send(
    prompt: string,
    options?: { signal?: AbortSignal; onEvent?: (event: AgentEvent) => void },
  ): Promise<TurnOutcome>;
  /** Sends later turns to the workspace's current model; the prefix of the prompt stays the same. */
  followModel(): void;
  close(): Promise<void>;
}

/**
 * Start (or resume) a conversation in a workspace: the skill session with its preloaded skills,
 * the run context (tools fixed for the whole conversation, SPEC R1), and the JSONL transcript.
 */
export async function startConversation(
  workspace: AgentWorkspace,
  options: ConversationOptions,
): Promise<Conversation> {
  const core = await loadCore();
  const agent = await loadAgent();
  const location = { home: workspace.homeDirectory, projectRoot: workspace.projectRoot };
  // Usage events (R10) of preloaded skills arrive before the transcript exists: held until then.
  let transcript: SessionTranscript | undefined;
  const heldUsage: UsageEvent[] = [];
  const recordUsage = (usage: UsageEvent) => {
    if (transcript === undefined) heldUsage.push(usage);
    else transcript.appendEvent('skill-usage', usage).catch(() => undefined);
  };
  const catalog = workspace.watcher.snapshot ?? (await workspace.refreshCatalog());
  const budget = workspace.settings.skills?.budget;
  // Before the transcript: a preload that fails (R8) must not leave an empty session behind.
  const skillSession = await core.createSkillSession({
    catalog,
    mode: 'stable',
    ...(options.preload === undefined ? {} : { preload: options.preload }),
    ...(budget === undefined ? {} : { budget }),
    onUsage: recordUsage,
  });

  const messages: ConversationMessage[] = [];
  let resumed: Conversation['resumed'];
  if (options.resume !== undefined) {
    const id =
      options.resume === 'latest' ? (await agent.loadSession(location, 'latest')).header.id : options.resume;
    const opened = await agent.SessionTranscript.resume({ ...location, id });
    transcript = opened.transcript;
    messages.push(...opened.loaded.messages.map(fromTranscriptMessage));
    resumed = { id, messageCount: messages.length };
  } else {
    transcript = await agent.SessionTranscript.create({ ...location, model: workspace.model.label });
  }
  const openTranscript = transcript;
  for (const usage of heldUsage.splice(0)) recordUsage(usage);
  const unfollow = workspace.follow(skillSession);
  // read_file answers the skills' virtual paths and activates a skill whose SKILL.md it reads (R4,
  // R5): the loop's default for a tool of that name. The catalog is re-read before every request,
  // so an edit made while the model answered is announced in the very next one (R7).
  const build = () =>
    agent.createRunContext({
      cwd: workspace.projectRoot,
      model: workspace.model.route,
      tools: workspace.tools,
      skillSession,
      refreshCatalog: () => workspace.refreshCatalog(),
      approvalModes: options.approvalModes,
      secrets: workspace.secrets,
      systemPrompt: terminalSystemPrompt({ projectRoot: workspace.projectRoot, platform: process.platform }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.askApproval === undefined ? {} : { askApproval: options.askApproval }),
      ...(options.askUser === undefined ? {} : { askUser: options.askUser }),
    });
  let context = build();

  return {
    skillSession,
    get context() {
      return context;
    },
    transcript: openTranscript,
    messages,
    ...(resumed === undefined ? {} : { resumed }),
    async send(prompt, { signal, onEvent } = {}) {
      const run = agent.runAgent(context, { messages, prompt }, signal === undefined ? {} : { signal });
      let result: RunResult | undefined;
      let failure: Error | undefined;
      try {
        for (;;) {
          const step = await run.next();
          if (step.done) {
            result = step.value;
            break;
          }
          const event = step.value;
          if (event.type === 'usage') openTranscript.appendUsage(event.usage).catch(() => undefined);
          if (event.type === 'run-error') result = event.result;
          onEvent?.(event);
        }
      } catch (error) {
        failure = error as Error;
      }
      if (result === undefined) throw failure ?? new Error('the run ended without a result');
      for (const message of result.newMessages) {
        messages.push(message);
        await openTranscript.appendMessage(toTranscriptMessage(message));
      }
      await openTranscript.appendEvent(failure === undefined ? 'run-end' : 'run-error', {
        status: result.status,
        stats: result.stats,
        ...(failure === undefined ? {} : { code: errorCode(failure), message: failure.message }),
      });
      return failure === undefined ? { result } : { result, error: failure };
    },
    followModel() {
      context = build();
    },
    async close() {
      unfollow();
      await openTranscript.close();
    },
  };
}
