import { type CallGate, createRunContext, type RunContext, type RunLimits } from '@skilldock/agent/loop';
import type { AgentTool } from '@skilldock/agent/tools';
import { createSkillSession, type SkillSession } from '@skilldock/core/runtime';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase } from '../db/database.js';
import type { agents } from '../db/schema.js';
import type { InstallContext } from '../install/install-options.js';
import type { Logger } from '../logging/logger.js';
import type { RunMetrics } from '../metrics/run-metrics.js';
import type { ProviderKeySources } from '../model-providers/provider-api-key.js';
import type { SkillContentContext } from '../skill-content/skill-content-context.js';
import { instrumentModelRoute } from './instrument-model-route.js';
import { liveRunCatalog } from './live-run-catalog.js';
import { loadRunCatalog, type ResolvedRunSkills } from './resolve-run-skills.js';
import { runModelRoute } from './run-model-route.js';
import { runToolsForRun } from './run-tools-for-run.js';
import { skillDependencyTools } from './skill-dependency-tools.js';

/** What building an agent's run context needs from the server: database, content, keys, limits. */
export interface AgentRunServices {
  readonly db: SkilldockDatabase;
  readonly content: SkillContentContext;
  readonly logger: Logger;
  readonly providerKeys: ProviderKeySources;
  /** Where model latency, tokens and sandbox failures are counted (SPEC O3); none by default. */
  readonly metrics?: RunMetrics;
  /** Model requests a run may make (default the agent package's). */
  readonly maxTurns?: number;
  /**
   * The install flows' context: with it, an agent listing `install_skill` gets the tool in its
   * top-level runs (issue 26); without it the tool is not offered.
   */
  readonly install?: InstallContext;
}

/** One agent's configuration run for one user, in the work folder of `runId`. */
export interface AgentRunSetupInput {
  readonly viewer: Viewer;
  readonly agent: typeof agents.$inferSelect;
  /** The run whose work folder the tools write (a sub-agent shares its parent's). */
  readonly runId: string;
  /** The agent's skills as resolved for `viewer` (`resolveRunSkills`). */
  readonly resolved: ResolvedRunSkills;
  /**
   * The access generation read with `viewer` before `resolved` was computed for it (a run resolved
   * at its start): the first catalog refreshes keep what the setup loaded while it stays.
   * Without it (a resumed run's stored resolution, a sub-agent) the first refresh resolves again.
   */
  readonly resolvedAtGeneration?: string;
  /** Skills to start active besides the preloads (a continued conversation's). */
  readonly restoredActive?: readonly string[];
  /** Tools added to the agent's own (a parent's delegation tools). */
  readonly extraTools?: readonly AgentTool[];
  /** Stop at a call that needs approval (a top-level web run); otherwise see `callGate`. */
  readonly interruptForApproval: boolean;
  readonly callGate?: CallGate;
  /** The run's time and turn limits (a top-level run's, `runLimitsOf`); else `services.maxTurns`. */
  readonly limits?: RunLimits;
}

/** The run context of an agent, its skill session, and notices for the stream about tools left out. */
export interface AgentRunSetup {
  readonly runContext: RunContext;
  readonly skillSession: SkillSession;
  readonly notices: readonly string[];
}

/**
 * Builds the run context of one agent's configuration for one user (SPEC Y8, Y17), the one way a
 * top-level run and a sub-agent are set up: the resolved skills loaded from the user's projection,
 * workspace and the pinned bound skill in `progressive` mode with the preloads, the sandboxed run
 * tools the agent lists (confined to the run's work folder), the model the agent's selector names,
 * and its system prompt followed by the tools' layout. Before every model turn the catalog is
 * resolved again for the user's current permissions (`liveRunCatalog`, issue 26).
 */
export async function agentRunSetup(
  services: AgentRunServices,
  input: AgentRunSetupInput,
): Promise<AgentRunSetup> {
  const { db, content, logger, providerKeys } = services;
  const projection = { db, content, logger };
  const runCatalog = await loadRunCatalog(projection, input.viewer, input.resolved);
  const skillSession = await createSkillSession({
    catalog: runCatalog.catalog,
    mode: 'progressive',
    preload: runCatalog.preload,
    // The agent's own tools are never gated by a skill (SPEC R6; issue 26: a shared skill declaring
    // `read_file` hid it from the Assistant); only tools the run has because of skills are.
    baseTools: [...input.agent.tools, ...(input.extraTools ?? []).map((tool) => tool.name)],
  });
  for (const id of input.restoredActive ?? []) {
    if (!skillSession.isActive(id) && runCatalog.catalog.get(id) !== undefined)
      await skillSession.activateSkill(id);
  }
  const runTools = await runToolsForRun({
    agent: input.agent,
    dataDir: content.layout.dataDirectory,
    runId: input.runId,
    projectionDirectory: runCatalog.projectionDirectory,
    workspaceDirectory: runCatalog.personalDirectory,
    skillTools: skillDependencyTools(runCatalog.catalog),
    metrics: services.metrics,
  });
  const runContext = createRunContext({
    cwd: runTools.cwd,
    model: instrumentModelRoute(await runModelRoute(db, input.agent.model, providerKeys), services.metrics),
    tools: [...runTools.tools, ...(input.extraTools ?? [])],
    skillSession,
    refreshCatalog: liveRunCatalog({
      projection,
      viewer: input.viewer,
      agent: input.agent,
      resolved: input.resolved,
      current: () => skillSession.catalog,
      ...(input.resolvedAtGeneration === undefined
        ? {}
        : { loaded: { generation: input.resolvedAtGeneration, projected: runCatalog.projected } }),
    }),
    systemPrompt: [input.agent.systemPrompt, runTools.layout].filter((part) => part !== '').join('\n\n'),
    interruptForApproval: input.interruptForApproval,
    readOnlyRoots: [...new Set([...runTools.readOnlyRoots, ...runCatalog.readOnlyRoots])],
    ...(input.callGate === undefined ? {} : { callGate: input.callGate }),
    ...(input.limits !== undefined
      ? { limits: input.limits }
      : services.maxTurns === undefined
        ? {}
        : { limits: { maxTurns: services.maxTurns } }),
  });
  return { runContext, skillSession, notices: runTools.notices };
}
