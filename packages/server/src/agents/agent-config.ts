import type { AgentRunLimits } from '../runs/effective-run-limits.js';

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
