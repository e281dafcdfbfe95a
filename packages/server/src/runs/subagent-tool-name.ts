/** What every delegation tool's name starts with: namespaced like `mcp__<server>__<tool>`. */
export const SUBAGENT_TOOL_PREFIX = 'subagent__';

/** Characters of the agent's name kept in its tool's name (tool names are at most 64). */
const SLUG_CHARACTERS = 40;

/**
 * The delegation tool names of a run's sub-agents, in their order (SPEC Y8): `subagent__` and the
 * agent's name in lower case with every run of characters outside `[a-z0-9]` as one `_` (cut to 40;
 * a name with none of them uses the first 8 characters of the agent's id), then `_2`, `_3`… for
 * a name taken already — always unique and valid as a tool name (`^[a-z0-9_]{1,64}$`).
 * @example subagentToolNames([{ id: 'a1…', name: 'Market research' }]) // ['subagent__market_research']
 */
export function subagentToolNames(agents: readonly { id: string; name: string }[]): string[] {
  const taken = new Set<string>();
  return agents.map((agent) => {
    const slug = agent.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .slice(0, SLUG_CHARACTERS)
      .replace(/^_+|_+$/g, '');
    const base = `${SUBAGENT_TOOL_PREFIX}${
      slug === ''
        ? agent.id
            .replace(/[^a-z0-9]/gi, '')
            .slice(0, 8)
            .toLowerCase()
        : slug
    }`;
    let name = base;
    for (let suffix = 2; taken.has(name); suffix++) name = `${base}_${suffix}`;
    taken.add(name);
    return name;
  });
}
