import type { AgentConfig } from '../agents/agent-config.js';
import type { RunMetrics } from '../metrics/run-metrics.js';
import { agentShellSetting } from '../run-tools/agent-shell-setting.js';
import { createRunTools, type RunTools } from '../run-tools/create-run-tools.js';
import { createRunWorkFolder } from '../run-tools/run-work-folder.js';

/** What a run's tools are built from (SPEC Y17). */
export interface RunToolsInput {
  /** The agent's tool names and its shell setting (`shell` among the tools, `shellNetwork`). */
  readonly agent: Pick<AgentConfig, 'tools' | 'shellNetwork'>;
  /** The server's data folder and the run: the run's work folder is made under it. */
  readonly dataDir: string;
  readonly runId: string;
  /** The user's read-only projection of shared and builtin skills. */
  readonly projectionDirectory: string;
  /** The user's personal skills folder (read-only for the run). */
  readonly workspaceDirectory: string;
  /**
   * Tools the run has because of its skills (`skillDependencyTools`): offered besides the
   * agent's own, gated by the skill session until a skill declaring them is active (SPEC R6).
   */
  readonly skillTools?: readonly string[];
  /** Counts the shell sandbox's failures (SPEC O3). */
  readonly metrics?: RunMetrics | undefined;
}

/**
 * A run's tools as the run uses them: {@link RunTools} with its notices already chosen for the
 * stream (only an agent that asked for the shell hears about it) and turned into their text.
 */
export interface RunToolsForRun extends Omit<RunTools, 'notices'> {
  readonly notices: readonly string[];
}

/**
 * The one place a platform run's tools are built (SPEC Y17): the sandboxed tools of `run-tools/`
 * (file tools confined to the run's work folder, reading the projection and the workspace; `shell`
 * inside bubblewrap when an admin enabled it), kept to the ones the agent lists and the ones its
 * skills declare (`skillTools`, gated by the skill session). A notice about the
 * shell goes out only to an agent that asked for it.
 */
export async function runToolsForRun(input: RunToolsInput): Promise<RunToolsForRun> {
  const built = await createRunTools({
    projectionDirectory: input.projectionDirectory,
    workspaceDirectory: input.workspaceDirectory,
    workFolder: await createRunWorkFolder(input.dataDir, input.runId),
    shell: agentShellSetting(input.agent),
  });
  const wanted = new Set(input.agent.tools);
  if (wanted.has('shell'))
    for (const notice of built.notices)
      if (notice.code.startsWith('sandbox_')) input.metrics?.countSandboxFailure(notice.code);
  // The shell is built only when the agent lists it (an admin's choice): a skill cannot bring it.
  const offered = new Set([...wanted, ...(input.skillTools ?? [])]);
  return {
    tools: built.tools.filter((tool) => offered.has(tool.name)),
    notices: wanted.has('shell') ? built.notices.map((notice) => notice.message) : [],
    cwd: built.cwd,
    readOnlyRoots: built.readOnlyRoots,
    layout: built.layout,
  };
}
