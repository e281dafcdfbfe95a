import type { AgentConfig } from '../agents/agent-config.js';
import type { RunShellSetting } from './create-run-tools.js';

/**
 * An agent's shell setting for {@link createRunTools} (SPEC Y17): on when an admin put `shell`
 * among its tools, with the network only when an admin also set `shellNetwork`.
 * @example const runTools = await createRunTools({ …, shell: agentShellSetting(agent) });
 */
export function agentShellSetting(agent: Pick<AgentConfig, 'tools' | 'shellNetwork'>): RunShellSetting {
  const enabled = agent.tools.includes('shell');
  return { enabled, network: enabled && agent.shellNetwork };
}
