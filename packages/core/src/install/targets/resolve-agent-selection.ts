import { UserInputError } from '../../errors.js';
import type { AgentEnvironment } from './agent-environment.js';
import { AGENT_IDS } from './agent-table.js';
import { detectInstalledAgents } from './detect-installed-agents.js';

/**
 * The agent ids an install targets: `'*'` is every agent; a list is checked against the table
 * (an unknown id is a `UserInputError` `unknown_agent` listing the valid ones); nothing means the
 * detected agents plus the shared `universal` folder (only `universal` when none is detected).
 * @example resolveAgentSelection(['claude-code', 'codex'], environment) // ['claude-code', 'codex']
 */
export function resolveAgentSelection(
  agents: readonly string[] | '*' | undefined,
  environment: AgentEnvironment,
): string[] {
  if (agents === '*') return [...AGENT_IDS];
  if (agents === undefined || agents.length === 0) {
    const detected = detectInstalledAgents(environment);
    return detected.includes('universal') ? detected : [...detected, 'universal'];
  }
  const unknown = agents.filter((agent) => !AGENT_IDS.includes(agent));
  if (unknown.length > 0) {
    throw new UserInputError(
      'unknown_agent',
      `Unknown agent ${unknown.map((agent) => `'${agent}'`).join(', ')}. Valid agents: ${AGENT_IDS.join(', ')}`,
      { details: { unknown, valid: AGENT_IDS } },
    );
  }
  return [...new Set(agents)];
}
