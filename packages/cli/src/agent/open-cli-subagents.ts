import type { Conversation } from '@skilldock/agent/conversation';
import type { BackgroundTasks, ResolvedSubagent, TaskTranscriptFolder } from '@skilldock/agent/subagents';
import type { AgentTool } from '@skilldock/agent/tools';
import type { AgentWorkspace } from '@skilldock/agent/workspace';
import { loadAgent } from './load-agent.js';

/** The subagents of one terminal session: its task manager and the tools over it. */
export interface CliSubagents {
  readonly tasks: BackgroundTasks;
  /** `agent`, `list_agents`, `send_message`: declared by every conversation of the session. */
  readonly tools: readonly AgentTool[];
  /**
   * Follows a (new or resumed) conversation: its tasks are recorded in its transcript, their own
   * transcripts go beside it, and a resumed one's earlier agents are listed again (SPEC A5).
   */
  attach(conversation: Conversation): Promise<void>;
  /** Stops every task (each with its grace period) and the recording. */
  close(): Promise<void>;
}

/**
 * The subagent side of `run` and `chat` (SPEC A3–A6, A10): one task manager per process
 * (`SKILLDOCK_MAX_BACKGROUND_AGENTS`), the subagent tools, and models resolved from the
 * workspace's settings. The definitions are the workspace's registry (SPEC A1, A2: session, project,
 * user, extension and built-in agents), the fork profiles the workspace read at its start (S7), and
 * external executors start under the workspace's trust and safe mode (A7, A11).
 */
export async function openCliSubagents({
  workspace,
  interactive,
  env,
  temporaryDirectory,
}: {
  workspace: AgentWorkspace;
  interactive: boolean;
  env: Readonly<Record<string, string | undefined>>;
  temporaryDirectory: string;
}): Promise<CliSubagents> {
  const agent = await loadAgent();
  const tasks = new agent.BackgroundTasks({
    interactive,
    maxBackgroundAgents: agent.maxBackgroundAgentsFrom(env),
    temporaryDirectory,
  });
  const registry = workspace.subagents;
  let folder: TaskTranscriptFolder | undefined;
  let stopRecording: (() => void) | undefined;
  const resolveModel = (definition: ResolvedSubagent) => {
    const { model } = definition;
    const selector =
      model.kind === 'model'
        ? model.provider === undefined
          ? model.model
          : `${model.provider}:${model.model}`
        : model.kind;
    // One rule for every model a session resolves (SPEC G1): the workspace's picker.
    return workspace.pickModel(selector);
  };
  const tools = agent.createSubagentTools({
    registry,
    forkProfiles: [...workspace.forkProfiles.profiles.values()],
    startExternalTask: (request) =>
      agent.startExternalTask({ ...request, trusted: workspace.trusted, safeMode: workspace.safeMode }),
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
        const loaded = await agent.readTranscript(conversation.transcript.file);
        agent.restoreTasks(tasks, loaded.entries, { registry, resolveModel });
      }
      stopRecording = agent.recordTasks(tasks, conversation.transcript);
    },
    async close() {
      await tasks.close();
      stopRecording?.();
    },
  };
}
