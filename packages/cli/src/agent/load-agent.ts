import { loadStages, type StageExports } from '../load-stages.js';

/**
 * The stages of `@skilldock/agent` the CLI's commands reach through {@link loadAgent}, each a
 * subpath of the package (its root holds only the builder's starting points). `import()` of a
 * literal name, so the type checker and bundlers see every one.
 */
const STAGES = {
  conversation: () => import('@skilldock/agent/conversation'),
  curator: () => import('@skilldock/agent/curator'),
  learn: () => import('@skilldock/agent/learn'),
  'learn/auto-skill': () => import('@skilldock/agent/learn/auto-skill'),
  loop: () => import('@skilldock/agent/loop'),
  model: () => import('@skilldock/agent/model'),
  session: () => import('@skilldock/agent/session'),
  subagents: () => import('@skilldock/agent/subagents'),
  tools: () => import('@skilldock/agent/tools'),
  workspace: () => import('@skilldock/agent/workspace'),
} as const;

/** A stage of the agent by its subpath name (`@skilldock/agent/<name>`). */
export type AgentStage = keyof typeof STAGES;

/** Every stage's exports as one object: what `loadAgent()` without names returns. */
export type AgentModule = StageExports<typeof STAGES, AgentStage>;

/**
 * Loads `@skilldock/agent` on first use. It pulls in the model SDKs and the MCP client, which
 * `--help`, `--version` and the skill-management commands never need. Given stage names, it loads
 * only those (`await loadAgent('workspace', 'conversation')`): a one-turn `run` needs neither
 * `/learn`, the curator's commands nor the archive readers behind them (issue 28).
 */
export async function loadAgent(): Promise<AgentModule>;
export async function loadAgent<const S extends readonly [AgentStage, ...AgentStage[]]>(
  ...stages: S
): Promise<StageExports<typeof STAGES, S[number]>>;
export async function loadAgent(...stages: AgentStage[]): Promise<unknown> {
  return loadStages(STAGES, stages.length === 0 ? (Object.keys(STAGES) as AgentStage[]) : stages);
}
