import { type Conversation, openConversation } from '../conversation/open-conversation.js';
import type { ApprovalCallback, RunLimits } from '../loop/run-context.js';
import type { ApprovalMode } from '../policy/approval-mode.js';
import { loadSession } from '../session/load-session.js';
import type { BackgroundTasks } from '../subagents/background-tasks.js';
import { openSubagentSession, type SubagentSession } from '../subagents/open-subagent-session.js';
import type { AgentTool, UserAnswer, UserQuestion } from '../tools/agent-tool.js';
import { type AgentWorkspace, openWorkspace } from '../workspace/open-workspace.js';
import { type AgentStateValues, parseAgentState } from './agent-state.js';
import { checkSkillCollisions, DeclaredCatalog } from './declared-catalog.js';
import type { RenderedAgent } from './render-agent.js';

/** The transcript event that records a conversation's `useState` values after every change. */
export const AGENT_STATE_EVENT = 'agent-state';

/** Where and how a harness runs (see `createHarness`). */
export interface HarnessOpenOptions {
  /**
   * The folder the agent works in, opened as the CLI opens it (`openWorkspace`: settings, trust,
   * skills in `<cwd>/.agents/skills` and the other roots, MCP servers, built-in tools) — or an
   * open workspace, which the harness then uses and leaves open.
   */
  readonly workspace: string | AgentWorkspace;
  /** A model selector that overrides the agent's `useModel` (another provider, a local model, a test). */
  readonly model?: string;
  /** Home folder of settings, trust and sessions. Default: the user's home. */
  readonly home?: string;
  /** Environment for the model, secrets and the shell. Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Trust the workspace for this process (its project skills, settings and MCP servers load). */
  readonly trust?: boolean;
  readonly safeMode?: boolean;
  /** Default `['default']`: edits and commands ask (SPEC G3). */
  readonly approvalModes?: readonly ApprovalMode[];
  /**
   * Answers approvals as they come. Absent: a call that needs approval ends the turn with status
   * `interrupted` and `result.interruptions`; answer with `harness.approve`/`deny`, then `resume()`.
   */
  readonly askApproval?: ApprovalCallback;
  readonly askUser?: (question: UserQuestion) => Promise<UserAnswer>;
  readonly limits?: Partial<RunLimits>;
  /** A saved session to continue (`latest` or an id): its messages and its `useState` values. */
  readonly resume?: string;
}

/** What a harness opens on its first turn. */
export interface OpenedHarness {
  readonly workspace: AgentWorkspace;
  /** True when the harness opened the workspace and must close it. */
  readonly ownsWorkspace: boolean;
  readonly conversation: Conversation;
  readonly catalog: DeclaredCatalog;
  readonly tasks: BackgroundTasks;
  /** The session's subagents (`openSubagentSession`, as the CLI opens them), following `conversation`. */
  readonly subagents: SubagentSession;
  /** The subagent tools; declared from the first turn when the agent mounts subagents then. */
  readonly subagentTools: readonly AgentTool[];
  /** Names of the subagents registered when the workspace opened. */
  readonly subagentNames: ReadonlySet<string>;
}

/**
 * Opens the workspace and the conversation a harness runs in, from the agent's first render: its
 * model and subagents choose how the workspace opens, and its skills are the first catalog. On
 * `resume` the saved `useState` values come back first and `render` is called with them, so the
 * conversation starts from the agent as it was when the session was saved.
 */
export async function openHarnessConversation(
  render: (saved: AgentStateValues | undefined) => RenderedAgent,
  options: HarnessOpenOptions,
): Promise<OpenedHarness> {
  let rendered = render(undefined);
  const ownsWorkspace = typeof options.workspace === 'string';
  const model = options.model ?? rendered.model;
  const workspace =
    typeof options.workspace === 'string'
      ? await openWorkspace({
          cwd: options.workspace,
          ...(options.home === undefined ? {} : { home: options.home }),
          ...(options.env === undefined ? {} : { env: options.env }),
          ...(options.trust === undefined ? {} : { trust: options.trust }),
          ...(options.safeMode === undefined ? {} : { safeMode: options.safeMode }),
          ...(model === undefined ? {} : { model }),
          ...(rendered.subagents.length === 0 ? {} : { subagents: rendered.subagents }),
        })
      : options.workspace;
  const env = options.env ?? process.env;
  const subagents = openSubagentSession({ workspace, interactive: false, env });
  const { tasks } = subagents;
  try {
    if (!ownsWorkspace && model !== undefined && workspace.model.label !== model)
      await workspace.useModel(model);
    if (options.resume !== undefined) {
      const saved = await readSavedState(workspace, options.resume);
      if (saved !== undefined) rendered = render(saved);
    }
    const catalog = new DeclaredCatalog({
      projectRoot: workspace.projectRoot,
      discovery: () => workspace.watcher.discovery,
    });
    catalog.setDeclared(rendered.skills);
    await workspace.refreshCatalog();
    checkSkillCollisions(rendered.skills, workspace.watcher.discovery);
    const subagentTools = rendered.subagents.length === 0 ? [] : subagents.tools;
    const conversation = await openConversation(workspace, {
      approvalModes: options.approvalModes ?? ['default'],
      systemPrompt: rendered.systemPrompt,
      catalog: (snapshot) => catalog.shape(snapshot),
      interruptForApproval: options.askApproval === undefined,
      backgroundTasks: tasks,
      ...(options.askApproval === undefined ? {} : { askApproval: options.askApproval }),
      ...(options.askUser === undefined ? {} : { askUser: options.askUser }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.resume === undefined ? {} : { resume: options.resume }),
    });
    // Subagent tasks are recorded in the session's transcript and listed again on resume (SPEC A5).
    await subagents.attach(conversation).catch(async (error: unknown) => {
      await conversation.close();
      throw error;
    });
    return {
      workspace,
      ownsWorkspace,
      conversation,
      catalog,
      tasks,
      subagents,
      subagentTools,
      subagentNames: new Set(rendered.subagents.map((definition) => definition.name.toLowerCase())),
    };
  } catch (error) {
    await subagents.close();
    if (ownsWorkspace) await workspace.close();
    throw error;
  }
}

/** The last `useState` values a saved session recorded (none: the agent starts from its initials). */
async function readSavedState(workspace: AgentWorkspace, id: string): Promise<AgentStateValues | undefined> {
  const loaded = await loadSession({ home: workspace.homeDirectory, projectRoot: workspace.projectRoot }, id);
  const saved = loaded.entries.findLast(
    (entry) => entry.type === 'event' && entry.name === AGENT_STATE_EVENT,
  );
  if (saved?.type !== 'event') return undefined;
  return parseAgentState((saved.data as { values?: unknown } | undefined)?.values);
}
