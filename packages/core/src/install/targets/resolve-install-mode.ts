import { findAgent } from './agent-table.js';
import type { InstallMode } from './plan-skill-targets.js';

/**
 * The mode an install really uses, as the `skills` CLI decides it: when the agents share one
 * project skills folder (`--agent claude-code` alone, or only agents that read `.agents/skills`)
 * there is nothing to link, so the skill is copied straight into that folder — in either scope,
 * since the CLI compares the agents' project folders. Otherwise the requested mode.
 * @example resolveInstallMode(['claude-code'], 'symlink') // 'copy'
 */
export function resolveInstallMode(agents: readonly string[], requested: InstallMode): InstallMode {
  const folders = new Set(agents.map((agent) => findAgent(agent)?.projectDirectory ?? agent));
  return folders.size <= 1 ? 'copy' : requested;
}
