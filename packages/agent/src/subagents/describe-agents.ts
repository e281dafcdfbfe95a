import type { ResolvedSubagent } from './subagent-types.js';

/** Characters of one agent's line in the `agent` tool's description (SPEC A3). */
export const AGENT_LINE_CHARACTERS = 200;

/** Characters all agent lines may take together; agents past it are counted, not listed. */
export const AGENT_LIST_CHARACTERS = 4000;

/**
 * The agent list in the `agent` tool's description (SPEC A3): one line per agent, in the
 * registry's order, each cut to {@link AGENT_LINE_CHARACTERS}, all within `budget` characters.
 * Each line depends only on its agent, so adding an agent adds its line and changes no other
 * (the declaration prefix stays cacheable); agents past the budget are counted in a last line.
 * @example describeAgents([reviewer]) // '- reviewer: Reviews diffs for defects.'
 */
export function describeAgents(agents: readonly ResolvedSubagent[], budget = AGENT_LIST_CHARACTERS): string {
  const lines: string[] = [];
  let used = 0;
  for (const [index, agent] of agents.entries()) {
    const line = agentLine(agent);
    if (used + line.length + 1 > budget) {
      const left = agents.length - index;
      lines.push(`- … and ${left} more agent${left === 1 ? '' : 's'} (pass the name as subagent_type).`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join('\n');
}

function agentLine(agent: ResolvedSubagent): string {
  const flags = [
    ...(agent.background ? [] : ['foreground']),
    ...(agent.executor === undefined ? [] : [`external ${agent.executor.kind}`]),
  ];
  const description = agent.description.replace(/\s+/g, ' ').trim();
  const line = `- ${agent.name}${flags.length === 0 ? '' : ` (${flags.join(', ')})`}: ${description}`;
  return line.length > AGENT_LINE_CHARACTERS ? `${line.slice(0, AGENT_LINE_CHARACTERS - 1)}…` : line;
}
