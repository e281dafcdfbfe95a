import type { CatalogSnapshot } from '@skilldock/core/catalog';
import { UserInputError } from '@skilldock/core/errors';
import type { SkillSession, ToolDeclaration, ToolPermission } from '@skilldock/core/runtime';
import type { ModelRoute } from '../model/model-provider.js';
import type { ApprovalDecision, ApprovalMode } from '../policy/approval-mode.js';
import type { BackgroundTaskHost } from '../subagents/background-task-host.js';
import type { AgentTool, UserAnswer, UserQuestion } from '../tools/agent-tool.js';
import { MIN_SECRET_LENGTH } from './configured-secrets.js';
import type { ApprovalRequest } from './run-state.js';

/** Turns and time a run may take (SPEC G2). */
export interface RunLimits {
  /** Model requests at most. Default {@link DEFAULT_MAX_TURNS}. */
  readonly maxTurns: number;
  /** Wall-clock milliseconds at most; undefined means no limit. */
  readonly maxTimeMs?: number;
}

/** The host tool that reads skills by default: virtual paths and activation by reading (SPEC R4, R5). */
export const READ_FILE_TOOL_NAME = 'read_file';

/** Model requests a run makes at most unless told otherwise. */
export const DEFAULT_MAX_TURNS = 100;

export type { ApprovalRequest, SubagentApproval } from './run-state.js';

/**
 * Re-reads the skill catalog before a model request (SPEC R7, D7). Resolves to the new snapshot, or
 * `undefined` when nothing changed. `signal` aborts with the run.
 */
export type CatalogRefresh = (signal: AbortSignal) => Promise<CatalogSnapshot | undefined>;

/** Answers an approval request; in a subagent with `bubble` it forwards to the parent. */
export type ApprovalCallback = (request: ApprovalRequest) => Promise<Exclude<ApprovalDecision, 'ask'>>;

/**
 * Everything one run uses, fixed when it starts (DESIGN.md "Agent"). Immutable: a subagent is
 * another run with its own context, never a patched copy of a global configuration.
 */
export interface RunContext {
  /** The project root tools work in. */
  readonly cwd: string;
  /** Approval modes; combined, the stricter decision always wins (SPEC G3). */
  readonly approvalModes: readonly ApprovalMode[];
  /** The host's tools, declared from the first request to the last (SPEC R1). */
  readonly tools: readonly AgentTool[];
  readonly model: ModelRoute;
  readonly limits: RunLimits;
  /** The skills the model sees; absent for a run without skills. */
  readonly skillSession?: SkillSession;
  /**
   * Host read tools that take `{path, offset?, limit?}` and read through the skill session too
   * (SPEC R4, R5). With a skill session, a call whose `path` is a virtual skill path
   * (`/.skills/<id>/<file>`) is answered by `skillSession.readSkillResource` — the same answer
   * `read_skill_resource` gives, read-only — instead of the tool; a read of a skill's `SKILL.md`,
   * virtual or real, activates that skill and emits `skill-activate` (trigger `file-read`). The
   * tools' declarations are untouched (R1).
   */
  readonly skillReadTools: readonly string[];
  /**
   * Awaited before every model request, the first included, when there is a skill session: a
   * returned snapshot goes to `skillSession.updateCatalog`, so a skill added, removed or edited
   * during the run is announced by an appended message in the very next request (SPEC R7, D7);
   * the system prompt is never rewritten. A refresh that throws keeps the old catalog and is
   * reported as a `catalog-refresh-error` event; the run goes on.
   */
  readonly refreshCatalog?: CatalogRefresh;
  /** The host's system prompt; the skill session's catalog section is appended to it. */
  readonly systemPrompt: string;
  /**
   * Asks the user to approve a tool call; absent in headless runs (such calls are denied). An
   * adapter over interruptions: the run stops at the call, the callback answers the `RunState`
   * (`answerApproval`) and the run resumes, inside the same `runAgent` call — one approval path.
   */
  readonly askApproval?: ApprovalCallback;
  /**
   * Without `askApproval`: stop the run with status `interrupted` and a resumable `RunState` at a
   * call that needs approval, instead of denying it (a web user answers in a later request).
   */
  readonly interruptForApproval?: boolean;
  /** Asks the user a question (`ask_user_question`); absent when nobody can answer. */
  readonly askUser?: (question: UserQuestion) => Promise<UserAnswer>;
  /** Folders tools may read but never write: the skill folders. */
  readonly readOnlyRoots: readonly string[];
  /** Most output tokens per model request; the provider's default when absent. */
  readonly maxOutputTokens?: number;
  /**
   * Name → value of the configured secrets (SPEC SEC3, see `configuredSecrets`): every tool
   * result is scrubbed of these values (`[redacted:NAME]`) before the model, an event or a
   * transcript sees it. Values shorter than {@link MIN_SECRET_LENGTH} are not scrubbed.
   */
  readonly secrets: ReadonlyMap<string, string>;
  /**
   * Sent instead of the system prompt and declarations this context would build: a fork reuses
   * its parent's exact request prefix so the provider's prompt cache is shared (SPEC A4).
   */
  readonly requestPrefix?: RequestPrefix;
  /**
   * Decides, before approvals, whether a declared tool may execute in this run (a fork's
   * `fork_tools`, SPEC A4): a refusal is the call's result; declarations never change.
   */
  readonly toolGate?: (toolName: string) => ToolPermission;
  /**
   * Decides, after the arguments parse and before approvals, whether this call of a host tool may
   * run, given the tool and its arguments (a restricted run's write guard: the generated-skill
   * guard of learn and auto skill, SPEC L1, L2): a refusal is the call's result; declarations
   * never change. It runs right before the call executes (writing calls run alone, in order).
   */
  readonly callGate?: CallGate;
  /**
   * Messages for this run that arrived while it worked (`send_message`, SPEC A5): taken before
   * every model request, so they are delivered at the next tool boundary, as user messages.
   */
  readonly drainInbox?: () => readonly string[];
  /** Where `run_in_background` work (shells, subagents) is started; absent: it is refused. */
  readonly backgroundTasks?: BackgroundTaskHost;
}

/** A host tool call as {@link RunContext.callGate} sees it: the tool and its parsed arguments. */
export interface GatedToolCall {
  readonly tool: AgentTool;
  readonly input: Readonly<Record<string, unknown>>;
}

/** See {@link RunContext.callGate}. */
export type CallGate = (call: GatedToolCall) => Promise<ToolPermission>;

/** The exact system prompt and tool declarations a run sends (see {@link RunContext.requestPrefix}). */
export interface RequestPrefix {
  readonly system: string;
  readonly tools: readonly ToolDeclaration[];
}

/** Options of {@link createRunContext}: a {@link RunContext} with defaults for the optional parts. */
export type RunContextOptions = Omit<
  RunContext,
  'approvalModes' | 'limits' | 'readOnlyRoots' | 'systemPrompt' | 'skillReadTools' | 'secrets'
> & {
  /** Default none. */
  readonly secrets?: ReadonlyMap<string, string>;
  /** Default `['default']`. */
  readonly approvalModes?: readonly ApprovalMode[];
  readonly limits?: Partial<RunLimits>;
  /** Default: the folders of the session's skills. */
  readonly readOnlyRoots?: readonly string[];
  /** Default empty. */
  readonly systemPrompt?: string;
  /**
   * Default `['read_file']` (when there is such a tool); `[]` turns virtual paths and activation
   * by reading off. Each name must be one of `tools`, of kind `read`.
   */
  readonly skillReadTools?: readonly string[];
};

/**
 * Build a frozen {@link RunContext}. Throws `UserInputError` when two tools share a name (with each
 * other or with the skill session's tools), since the model could not tell them apart, and when
 * `skillReadTools` names something other than one of the read tools.
 * @example
 * const context = createRunContext({
 *   cwd, model: resolveModelRoute('inherit'), tools, skillSession, approvalModes: ['default'],
 *   refreshCatalog: async () => watcher.refresh(),
 * });
 */
export function createRunContext(options: RunContextOptions): RunContext {
  const names = new Set<string>();
  const sessionTools = options.skillSession?.tools.map((tool) => tool.name) ?? [];
  for (const name of [...options.tools.map((tool) => tool.name), ...sessionTools]) {
    if (names.has(name)) {
      throw new UserInputError(
        'duplicate_tool_name',
        `Two tools are named ${name}; tool names must be unique.`,
        {
          details: { field: 'tools' },
        },
      );
    }
    names.add(name);
  }
  const { maxTurns = DEFAULT_MAX_TURNS, maxTimeMs } = options.limits ?? {};
  if (!(Number.isInteger(maxTurns) && maxTurns >= 1)) {
    throw new UserInputError(
      'invalid_max_turns',
      `maxTurns must be a whole number of at least 1, not ${maxTurns}.`,
      {
        details: { field: 'limits.maxTurns' },
      },
    );
  }
  const toolKinds = new Map(options.tools.map((tool) => [tool.name, tool.kind]));
  for (const name of options.skillReadTools ?? []) {
    if (toolKinds.get(name) !== 'read') {
      throw new UserInputError(
        'invalid_skill_read_tool',
        `skillReadTools names ${name}, which is not one of the run's read tools.`,
        { details: { field: 'skillReadTools' } },
      );
    }
  }
  const skillReadTools =
    options.skillReadTools ?? (toolKinds.get(READ_FILE_TOOL_NAME) === 'read' ? [READ_FILE_TOOL_NAME] : []);
  const skillFolders = (options.skillSession?.catalog.skills ?? []).flatMap((skill) =>
    skill.directory === undefined ? [] : [skill.directory],
  );
  return Object.freeze({
    ...options,
    approvalModes: Object.freeze([...(options.approvalModes ?? ['default'])]),
    tools: Object.freeze([...options.tools]),
    limits: Object.freeze({ maxTurns, ...(maxTimeMs === undefined ? {} : { maxTimeMs }) }),
    readOnlyRoots: Object.freeze([...(options.readOnlyRoots ?? skillFolders)]),
    systemPrompt: options.systemPrompt ?? '',
    skillReadTools: Object.freeze([...skillReadTools]),
    secrets: new Map(
      [...(options.secrets ?? [])].filter(([, value]) => value.length >= MIN_SECRET_LENGTH),
    ) as ReadonlyMap<string, string>,
  });
}
