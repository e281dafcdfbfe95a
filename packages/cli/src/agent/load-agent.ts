/**
 * The stages of `@skilldock/agent` the CLI's commands reach through `loadAgent()`, as one object:
 * each entry is a subpath of the package (its root holds only the builder's starting points).
 */
export type AgentModule = typeof import('@skilldock/agent/conversation') &
  typeof import('@skilldock/agent/curator') &
  typeof import('@skilldock/agent/learn') &
  typeof import('@skilldock/agent/learn/auto-skill') &
  typeof import('@skilldock/agent/loop') &
  typeof import('@skilldock/agent/model') &
  typeof import('@skilldock/agent/session') &
  typeof import('@skilldock/agent/subagents') &
  typeof import('@skilldock/agent/tools') &
  typeof import('@skilldock/agent/workspace');

/**
 * Loads `@skilldock/agent` on first use. It pulls in both model SDKs and the MCP client, which
 * `--help`, `--version` and the skill-management commands never need.
 */
export async function loadAgent(): Promise<AgentModule> {
  const stages = await Promise.all([
    import('@skilldock/agent/conversation'),
    import('@skilldock/agent/curator'),
    import('@skilldock/agent/learn'),
    import('@skilldock/agent/learn/auto-skill'),
    import('@skilldock/agent/loop'),
    import('@skilldock/agent/model'),
    import('@skilldock/agent/session'),
    import('@skilldock/agent/subagents'),
    import('@skilldock/agent/tools'),
    import('@skilldock/agent/workspace'),
  ]);
  return Object.assign({}, ...stages) as AgentModule;
}
