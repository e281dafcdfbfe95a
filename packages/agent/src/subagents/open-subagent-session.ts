import type { ModelRoute } from '../model/model-provider.js';
import { readTranscript } from '../session/read-transcript.js';
import type { SessionTranscript } from '../session/session-transcript.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { BackgroundTasks, maxBackgroundAgentsFrom } from './background-tasks.js';
import { createSubagentTools } from './create-subagent-tools.js';
import { startExternalTask } from './executors/start-external-task.js';
import type { LoadedForkProfile } from './load-fork-profiles.js';
import type { ResolvedSubagent, SubagentRegistry } from './subagent-types.js';
import { recordTasks, restoreTasks } from './task-records.js';
import type { TaskTranscriptFolder } from './task-transcripts.js';

/** What a subagent session takes from its workspace (an `AgentWorkspace` is one). */
export interface SubagentSessionWorkspace {
  readonly projectRoot: string;
  /** Whether the workspace is trusted: an external executor starts only then (SPEC A7). */
  readonly trusted: boolean;
  /** Safe mode refuses external executors (SPEC A11). */
  readonly safeMode: boolean;
  /** The definitions (SPEC A1, A2: session, project, user, extension and built-in agents). */
  readonly subagents: SubagentRegistry;
  /** The fork profiles the workspace read at its start (SPEC S7). */
  readonly forkProfiles: { readonly profiles: ReadonlyMap<string, LoadedForkProfile> };
  /** The one model picker of the session (SPEC G1). */
  pickModel(selector: string): Promise<ModelRoute>;
}

/** What a subagent session follows of a conversation (a `Conversation` is one). */
export interface SubagentSessionConversation {
  readonly transcript: SessionTranscript;
  /** Set when the conversation continues a saved session. */
  readonly resumed?: unknown;
}

/** Options of {@link openSubagentSession}. */
export interface SubagentSessionOptions {
  readonly workspace: SubagentSessionWorkspace;
  /** An interactive session never evicts agent results from its notification queue (SPEC A5). */
  readonly interactive: boolean;
  /** Read for `SKILLDOCK_MAX_BACKGROUND_AGENTS`, and the environment of `git` (worktree checks). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where the session's task folder (shell output files) is made; default the system's temp folder. */
  readonly temporaryDirectory?: string;
}

/** The subagents of one session: its task manager and the tools over it. */
export interface SubagentSession {
  readonly tasks: BackgroundTasks;
  /** `agent`, `list_agents`, `send_message`: declared by every conversation of the session. */
  readonly tools: readonly AgentTool[];
  /**
   * Follows a (new or resumed) conversation: its tasks are recorded in its transcript, their own
   * transcripts go beside it (`<session>.agents`), and a resumed one's earlier agents are listed
   * again (SPEC A5). A later call follows the next conversation instead.
   */
  attach(conversation: SubagentSessionConversation): Promise<void>;
  /** Stops every task (each with its grace period) and the recording. */
  close(): Promise<void>;
}

/**
 * Opens the subagent side of a session (SPEC A3–A7, A10), the same for the terminal (`run`,
 * `chat`) and `createHarness`: one task manager (`SKILLDOCK_MAX_BACKGROUND_AGENTS` in `env`), the
 * subagent tools over the workspace's registry and fork profiles, models resolved by the
 * workspace's picker, and external executors started under the workspace's trust and safe mode.
 * @example
 * const subagents = openSubagentSession({ workspace, interactive: false, env: process.env });
 * const conversation = await openConversation(workspace, { extraTools: subagents.tools, backgroundTasks: subagents.tasks, approvalModes });
 * await subagents.attach(conversation);
 */
export function openSubagentSession({
  workspace,
  interactive,
  env,
  temporaryDirectory,
}: SubagentSessionOptions): SubagentSession {
  const tasks = new BackgroundTasks({
    interactive,
    maxBackgroundAgents: maxBackgroundAgentsFrom(env),
    ...(temporaryDirectory === undefined ? {} : { temporaryDirectory }),
  });
  const registry = workspace.subagents;
  let folder: TaskTranscriptFolder | undefined;
  let stopRecording: (() => void) | undefined;
  const resolveModel = (definition: ResolvedSubagent) =>
    workspace.pickModel(subagentModelSelector(definition));
  const tools = createSubagentTools({
    registry,
    forkProfiles: [...workspace.forkProfiles.profiles.values()],
    startExternalTask: (request) =>
      startExternalTask({ ...request, trusted: workspace.trusted, safeMode: workspace.safeMode }),
    tasks,
    resolveModel,
    transcripts: () => folder,
    env,
  });
  return {
    tasks,
    tools,
    async attach(conversation) {
      stopRecording?.();
      folder = {
        folder: conversation.transcript.file.replace(/\.jsonl$/, '.agents'),
        projectRoot: workspace.projectRoot,
      };
      if (conversation.resumed !== undefined) {
        const loaded = await readTranscript(conversation.transcript.file);
        restoreTasks(tasks, loaded.entries, { registry, resolveModel });
      }
      stopRecording = recordTasks(tasks, conversation.transcript);
    },
    async close() {
      await tasks.close();
      stopRecording?.();
    },
  };
}

/** A resolved subagent's model as the selector the workspace's picker resolves (`inherit`, `fast`, `provider:model`). */
function subagentModelSelector(definition: ResolvedSubagent): string {
  const { model } = definition;
  if (model.kind !== 'model') return model.kind;
  return model.provider === undefined ? model.model : `${model.provider}:${model.model}`;
}
