import { confinePath } from '../policy/confine-path.js';
import type { AgentTool } from '../tools/agent-tool.js';

/** A file a call would write that configures the agent (SPEC SEC2). */
export interface AgentConfigWrite {
  /** Relative to the project root, links resolved: the file that would really change. */
  readonly path: string;
  /** What the file configures, e.g. `Skilldock settings (models, MCP servers …)`. */
  readonly configures: string;
  /** The real location, which the approval covers (and nothing else). */
  readonly realPath: string;
}

/**
 * The files that configure the agent among those a call would write (its `writeTargets`), judged
 * by the same check `confinePath` applies when the tool writes. Empty for a call that writes none.
 */
export async function findAgentConfigWrites(
  tool: AgentTool,
  input: unknown,
  context: { readonly cwd: string; readonly readOnlyRoots: readonly string[] },
): Promise<AgentConfigWrite[]> {
  const targets = tool.writeTargets?.(input) ?? [];
  const writes: AgentConfigWrite[] = [];
  for (const target of targets) {
    const confined = await confinePath(target, 'write', {
      cwd: context.cwd,
      readOnlyRoots: context.readOnlyRoots,
    });
    if (confined.ok && confined.agentConfig !== undefined) {
      const { displayPath: path, agentConfig: configures, realPath } = confined;
      writes.push({ path, configures, realPath });
    } else if (!confined.ok && confined.code === 'agent_config_write_refused') {
      writes.push({ path: target, configures: confined.agentConfig, realPath: confined.realPath });
    }
  }
  return writes;
}
