import { type AgentEnvironment, isAgentInstalled } from './agent-environment.js';
import { AGENT_TABLE } from './agent-table.js';

/**
 * Ids of the agents that look installed on this machine or in this project, in table order
 * (the same folder checks as the `skills` CLI).
 * @example detectInstalledAgents({ projectRoot: process.cwd(), home: os.homedir() }) // ['claude-code', 'codex']
 */
export function detectInstalledAgents(environment: AgentEnvironment): string[] {
  return AGENT_TABLE.filter((agent) => isAgentInstalled(agent, environment)).map((agent) => agent.id);
}
