import { SKILLDOCK_TOOL_NAMES } from '@skilldock/agent/subagents';
import { inArray } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { modelProviders } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { canOnAgent } from '../policy/agent-access.js';
import { resolveAgentSkills } from '../policy/resolve-agent-skills.js';
import { readRunLimitSettings } from '../run-limits/run-limit-settings.js';
import { type AgentConfig, MAX_SYSTEM_PROMPT_LENGTH } from './agent-config.js';
import { loadAgentRecord } from './agent-records.js';
import { PLATFORM_TOOL_NAMES } from './platform-tool-names.js';
import { STANDARD_AGENT_TOOLS } from './standard-agent-tools.js';

const KNOWN_TOOLS = new Set<string>([...SKILLDOCK_TOOL_NAMES, ...PLATFORM_TOOL_NAMES]);

const STANDARD: ReadonlySet<string> = new Set(STANDARD_AGENT_TOOLS);

/** Tools only admins may add to an agent (a user keeps one the agent already had). */
const ADMIN_ONLY_TOOLS: ReadonlySet<string> = new Set(['shell']);

/** A tool an agent's configuration may name, as the agent form offers it to `viewer`. */
export interface AgentToolChoice {
  readonly name: string;
  /** Only admins may add it; a user may keep it on an agent that has it. */
  readonly adminOnly: boolean;
  /** Whether `viewer` may add it to an agent that does not have it. */
  readonly mayAdd: boolean;
  /** One of the tools a new agent starts with ({@link STANDARD_AGENT_TOOLS}). */
  readonly standard: boolean;
}

/**
 * Every tool an agent may name (besides its MCP servers' `mcp__…` tools), and which of them
 * `viewer` may add: the same rule {@link checkAgentConfig} enforces on save, so the form offers
 * nothing the server refuses (issue 24).
 */
export function agentToolChoices(viewer: Pick<Viewer, 'role'>): AgentToolChoice[] {
  return [...KNOWN_TOOLS].map((name) => {
    const adminOnly = ADMIN_ONLY_TOOLS.has(name);
    return {
      name,
      adminOnly,
      mayAdd: !adminOnly || viewer.role !== 'user',
      standard: STANDARD.has(name),
    };
  });
}

function invalid(field: string, message: string, details: Record<string, unknown> = {}): HttpError {
  return new HttpError(422, 'agent_invalid', message, { details: { field, ...details } });
}

function namedSkills(config: Pick<AgentConfig, 'skills' | 'preloadSkills'>): Set<string> {
  return new Set([
    ...(config.skills === 'all' ? [] : config.skills),
    ...(config.preloadSkills === 'all' ? [] : config.preloadSkills),
  ]);
}

/** A tool this agent could have: a Skilldock tool, or `mcp__<server>[__<tool>]` of one of its MCP servers. */
function knownTool(name: string, mcpServers: readonly string[]): boolean {
  if (KNOWN_TOOLS.has(name)) return true;
  const match = /^mcp__([a-z0-9][a-z0-9_-]*?)(?:__[A-Za-z0-9_*-]+)?$/.exec(name);
  return match !== null && mcpServers.includes(match[1]!);
}

/**
 * A user may lower an agent's time and turn limits, never raise one above the admins' default
 * (SPEC O2): only admins give an agent more than everyone gets. A value the agent had already stays.
 */
async function checkRunLimits(
  db: SkilldockDatabase | SkilldockTransaction,
  viewer: Viewer,
  config: AgentConfig,
  previous: AgentConfig | null,
): Promise<void> {
  if (viewer.role !== 'user') return;
  // A config written before agents had run limits (or built by hand) has none: nothing raised.
  const { timeLimitSeconds, maxTurns } = config.runLimits ?? {};
  const raisedTime =
    timeLimitSeconds !== undefined && timeLimitSeconds !== previous?.runLimits?.timeLimitSeconds;
  const raisedTurns = maxTurns !== undefined && maxTurns !== previous?.runLimits?.maxTurns;
  if (!raisedTime && !raisedTurns) return;
  const defaults = await readRunLimitSettings(db);
  if (
    (raisedTime && timeLimitSeconds > defaults.timeLimitSeconds) ||
    (raisedTurns && maxTurns > defaults.maxTurns)
  )
    throw new HttpError(403, 'forbidden', "Only admins may raise an agent's run limits above the defaults", {
      details: {
        field: 'runLimits',
        defaults: { timeLimitSeconds: defaults.timeLimitSeconds, maxTurns: defaults.maxTurns },
      },
    });
}

async function checkModel(db: SkilldockDatabase | SkilldockTransaction, model: string): Promise<void> {
  const colon = model.indexOf(':');
  if (colon <= 0) return;
  const [provider] = await db
    .select()
    .from(modelProviders)
    .where(inArray(modelProviders.id, [model.slice(0, colon)]));
  // An unknown prefix is part of the model id (SPEC S6: `qwen3:32b`); a configured provider must offer it.
  if (provider === undefined) return;
  const id = model.slice(colon + 1);
  const offered = new Set([...provider.models, provider.defaultModel, provider.fastModel ?? '']);
  if (!offered.has(id)) {
    throw invalid('model', `The provider ${provider.id} does not offer the model ${JSON.stringify(id)}`, {
      offered: [...offered].filter((value) => value !== '').sort(),
    });
  }
}

/**
 * Refuses an agent configuration the editor may not save (SPEC Y3, Y8), before anything is written:
 * a system prompt over {@link MAX_SYSTEM_PROMPT_LENGTH}, unknown tools (an `mcp__` tool needs its
 * server listed), preloads outside the selection, a model a configured provider does not offer,
 * subagents the editor cannot read (or itself), `shellNetwork` without `shell` — 422 `agent_invalid`;
 * `shell` or its network added by a user, or run limits a user set above the admins' defaults — 403
 * (SPEC Y17, O2).
 * Every skill id the change *adds* must be one the editor may read (`resolveAgentSkills`): else 422
 * `agent_skill_refused` with the ids, never saying which exist. Ids the agent already had are kept
 * (a run drops whatever its caller may not read), so a skill disabled later never locks an agent.
 */
export async function checkAgentConfig(
  db: SkilldockDatabase | SkilldockTransaction,
  viewer: Viewer,
  config: AgentConfig,
  previous: (AgentConfig & { readonly id: string }) | null = null,
): Promise<void> {
  if (config.systemPrompt.length > MAX_SYSTEM_PROMPT_LENGTH) {
    throw invalid('systemPrompt', `The system prompt is longer than ${MAX_SYSTEM_PROMPT_LENGTH} characters`, {
      limit: MAX_SYSTEM_PROMPT_LENGTH,
      actual: config.systemPrompt.length,
    });
  }
  const unknownTools = config.tools.filter((name) => !knownTool(name, config.mcpServers));
  if (unknownTools.length > 0) {
    throw invalid('tools', `Unknown tools: ${unknownTools.slice(0, 10).join(', ')}`, {
      unknown: unknownTools.slice(0, 100),
    });
  }
  const addedTools = config.tools.filter((name) => !previous?.tools.includes(name));
  const refusedTool = agentToolChoices(viewer).find((tool) => !tool.mayAdd && addedTools.includes(tool.name));
  if (refusedTool !== undefined) {
    throw new HttpError(403, 'forbidden', `Only admins may enable the ${refusedTool.name} tool for an agent`);
  }
  if (config.shellNetwork && !config.tools.includes('shell')) {
    throw invalid('shellNetwork', 'The network is a setting of the shell: add shell to the tools first');
  }
  if (config.shellNetwork && viewer.role === 'user' && previous?.shellNetwork !== true) {
    throw new HttpError(403, 'forbidden', "Only admins may give an agent's shell the network");
  }
  await checkRunLimits(db, viewer, config, previous);
  const { skills: selected, preloadSkills: preloads } = config;
  // `preloadSkills: "all"` preloads whatever the selection holds, so it is never outside it.
  const notSelected =
    selected === 'all' || preloads === 'all' ? [] : preloads.filter((id) => !selected.includes(id));
  if (notSelected.length > 0) {
    throw invalid('preloadSkills', 'Preloaded skills must be among the selected skills', { notSelected });
  }
  await checkModel(db, config.model);
  const before = previous === null ? new Set<string>() : namedSkills(previous);
  const added = [...namedSkills(config)].filter((id) => !before.has(id));
  if (added.length > 0) {
    const { refused } = await resolveAgentSkills(db, viewer, added);
    if (refused.length > 0) {
      throw new HttpError(
        422,
        'agent_skill_refused',
        'The agent names skills that do not exist or that you may not read',
        { details: { skillIds: refused } },
      );
    }
  }
  const addedSubagents = config.subagents.filter((id) => !previous?.subagents.includes(id));
  const refusedSubagents: string[] = [];
  for (const id of addedSubagents) {
    const record = id === previous?.id ? null : await loadAgentRecord(db, id);
    if (record === null || !canOnAgent(viewer, 'read', record.access)) refusedSubagents.push(id);
  }
  if (refusedSubagents.length > 0) {
    throw invalid('subagents', 'The agent names subagents that do not exist or that you may not read', {
      subagents: refusedSubagents,
    });
  }
}
