import type { agents } from '../db/schema.js';
import type { AgentRunLimits } from '../runs/effective-run-limits.js';
import type { AgentRecord } from './agent-records.js';

/** The longest system prompt an agent keeps (characters); a longer one is a 422 `agent_invalid`. */
export const MAX_SYSTEM_PROMPT_LENGTH = 64 * 1024;

/** The configuration an agent is saved with (a create body, or a stored row with a patch applied). */
export interface AgentConfig {
  readonly name: string;
  readonly description: string;
  readonly systemPrompt: string;
  readonly model: string;
  readonly skills: 'all' | readonly string[];
  /** `'all'`: every selected skill the run's user may read starts loaded (issue 26). */
  readonly preloadSkills: 'all' | readonly string[];
  readonly tools: readonly string[];
  readonly mcpServers: readonly string[];
  readonly subagents: readonly string[];
  /** The shell's sandbox keeps the network (SPEC Y17); only with `shell` among the tools. */
  readonly shellNetwork: boolean;
  /** The agent's own time and turn limits (SPEC O2); `{}` takes the admins' defaults. */
  readonly runLimits: AgentRunLimits;
}

/** The configuration of a stored agent row. */
export function agentConfigOf(row: AgentRecord['row']): AgentConfig {
  return {
    name: row.name,
    description: row.description,
    systemPrompt: row.systemPrompt,
    model: row.model,
    skills: row.skills,
    preloadSkills: row.preloadSkills,
    tools: row.tools,
    mcpServers: row.mcpServers,
    subagents: row.subagents,
    shellNetwork: row.shellNetwork,
    runLimits: row.runLimits,
  };
}

/** An {@link AgentConfig} as the `agents` table stores it (plain arrays), what create and update write. */
export type AgentConfigColumns = Required<Pick<typeof agents.$inferInsert, keyof AgentConfig>>;
