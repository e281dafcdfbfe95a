import type { SkillFields } from '../format/types.js';
import type { ToolPermission } from './types.js';

/** A skill as the gate needs it: its id and the dependencies it declares. */
export interface GateSkill {
  readonly id: string;
  readonly fields: Pick<SkillFields, 'toolDependencies' | 'mcpDependencies'>;
}

/** The MCP server of a tool named `mcp__<server>__<tool>`, if it is one (SPEC G4). */
export function mcpServerOf(toolName: string): string | undefined {
  if (!toolName.startsWith('mcp__')) return undefined;
  const rest = toolName.slice('mcp__'.length);
  const end = rest.indexOf('__');
  return end > 0 ? rest.slice(0, end) : undefined;
}

/** True when `skill` declares `toolName`, directly or through its MCP server. */
export function skillRequiresTool(skill: GateSkill, toolName: string): boolean {
  if (skill.fields.toolDependencies.includes(toolName)) return true;
  const server = mcpServerOf(toolName);
  return server !== undefined && skill.fields.mcpDependencies.includes(server);
}

/**
 * May `toolName` run now (SPEC R6)? A tool that no known skill declares is not gated. A declared one
 * runs only while a skill declaring it (in the version that was activated) is active.
 * @param known every skill that could gate: the current catalog's and the active ones
 * @param active the active skills, as they were loaded at activation
 */
export function dependencyToolPermission(
  toolName: string,
  known: Iterable<GateSkill>,
  active: Iterable<GateSkill>,
): ToolPermission {
  for (const skill of active) if (skillRequiresTool(skill, toolName)) return { allowed: true };
  const owners = new Set<string>();
  for (const skill of known) if (skillRequiresTool(skill, toolName)) owners.add(skill.id);
  if (owners.size === 0) return { allowed: true };
  const skillIds = [...owners].sort();
  const names = skillIds.join(', ');
  return {
    allowed: false,
    skillIds,
    reason: `The tool ${toolName} can only be used while the skill ${names} is active. Call activate_skill first.`,
  };
}
