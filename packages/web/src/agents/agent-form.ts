import { ApiError } from '../api/api-error';
import type { components } from '../api/generated/openapi';
import type { Agent } from './agent-queries';

/** The body of `PATCH /api/agents/{id}`. */
export type AgentPatch = components['schemas']['UpdateAgent'];

/** A field of the configuration form, named as the API names it. */
export type AgentField = keyof AgentPatch;

/** How the agent picks its skills (SPEC Y8): every readable skill, a list, or none. */
export type SkillsMode = 'all' | 'pick' | 'none';

/** What the configuration form edits. */
export interface AgentFormValues {
  readonly name: string;
  readonly description: string;
  readonly systemPrompt: string;
  readonly model: string;
  readonly skillsMode: SkillsMode;
  /** The picked skills (kept while another mode is chosen, so switching back loses nothing). */
  readonly skills: readonly string[];
  readonly preloadSkills: readonly string[];
  /** Preload every selected skill (`preloadSkills: "all"`, issue 26); the list is kept meanwhile. */
  readonly preloadAll: boolean;
  readonly tools: readonly string[];
  readonly mcpServers: readonly string[];
  readonly subagents: readonly string[];
  readonly shellNetwork: boolean;
}

/**
 * The tool suggestions for `viewer`'s form: every tool the server says they may add, and the tools
 * the agent already has (a user keeps an admin-only tool an admin gave, without being offered it
 * anew). `mcp__<server>` names of the agent's MCP servers may be typed as well.
 */
export function toolSuggestions(
  tools: readonly { readonly name: string; readonly mayAdd: boolean }[],
  current: readonly string[],
): string[] {
  const offered = tools.filter((tool) => tool.mayAdd).map((tool) => tool.name);
  return [...offered, ...current.filter((name) => !offered.includes(name))];
}

/** The model selectors every agent may use (SPEC G1): the caller's default and the fast model. */
export const MODEL_KEYWORDS: readonly string[] = ['inherit', 'fast'];

/**
 * The server's model selector check (its `MODEL_SELECTOR_PATTERN` and `MAX_MODEL_SELECTOR_LENGTH`,
 * copied: the browser cannot import the server; a test keeps the copies equal): `inherit`, `fast`,
 * `<model>` or `<provider>:<model>`.
 */
export const MODEL_SELECTOR = { pattern: /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/, maxLength: 200 } as const;

/** Why `model` cannot be saved (`empty`, `invalid`), or null when the server's check accepts its shape. */
export function modelProblem(model: string): 'empty' | 'invalid' | null {
  if (model.trim() === '') return 'empty';
  return model.length <= MODEL_SELECTOR.maxLength && MODEL_SELECTOR.pattern.test(model) ? null : 'invalid';
}

/** The form's values for an agent as the server has it. */
export function formFromAgent(agent: Agent): AgentFormValues {
  return {
    name: agent.name,
    description: agent.description,
    systemPrompt: agent.systemPrompt,
    model: agent.model,
    skillsMode: agent.skills === 'all' ? 'all' : agent.skills.length === 0 ? 'none' : 'pick',
    skills: agent.skills === 'all' ? [] : agent.skills,
    preloadSkills: agent.preloadSkills === 'all' ? [] : agent.preloadSkills,
    preloadAll: agent.preloadSkills === 'all',
    tools: agent.tools,
    mcpServers: agent.mcpServers,
    subagents: agent.subagents,
    shellNetwork: agent.shellNetwork,
  };
}

/** The `skills` value the form stands for. */
export function skillSelection(values: AgentFormValues): 'all' | string[] {
  if (values.skillsMode === 'all') return 'all';
  return values.skillsMode === 'none' ? [] : [...values.skills];
}

/** The skills that may be preloaded: the picked ones, every readable one with "all", none with "none". */
export function preloadable(values: AgentFormValues, readable: readonly string[]): readonly string[] {
  if (values.skillsMode === 'none') return [];
  return values.skillsMode === 'all' ? readable : values.skills;
}

/** The preloads the form lists: only those still selectable (a skill dropped from the pick drops its preload). */
export function effectivePreloads(values: AgentFormValues): string[] {
  if (values.skillsMode === 'none') return [];
  if (values.skillsMode === 'all') return [...values.preloadSkills];
  return values.preloadSkills.filter((id) => values.skills.includes(id));
}

/** The `preloadSkills` the form saves: `"all"` while "preload all" is on (never with "none"). */
export function preloadSelection(values: AgentFormValues): 'all' | string[] {
  return values.preloadAll && values.skillsMode !== 'none' ? 'all' : effectivePreloads(values);
}

const sameList = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((value, index) => value === right[index]);

/** The fields of `values` that differ from `initial`, as a PATCH body (empty when nothing changed). */
export function agentPatch(initial: AgentFormValues, values: AgentFormValues): AgentPatch {
  const patch: AgentPatch = {};
  if (values.name !== initial.name) patch.name = values.name;
  if (values.description !== initial.description) patch.description = values.description;
  if (values.systemPrompt !== initial.systemPrompt) patch.systemPrompt = values.systemPrompt;
  if (values.model !== initial.model) patch.model = values.model;
  const skills = skillSelection(values);
  const before = skillSelection(initial);
  if (skills === 'all' ? before !== 'all' : before === 'all' || !sameList(skills, before))
    patch.skills = skills;
  const preloads = preloadSelection(values);
  const preloadsBefore = preloadSelection(initial);
  if (
    preloads === 'all'
      ? preloadsBefore !== 'all'
      : preloadsBefore === 'all' || !sameList(preloads, preloadsBefore)
  )
    patch.preloadSkills = preloads;
  for (const field of ['tools', 'mcpServers', 'subagents'] as const) {
    if (!sameList(values[field], initial[field])) patch[field] = [...values[field]];
  }
  if (values.shellNetwork !== initial.shellNetwork) patch.shellNetwork = values.shellNetwork;
  return patch;
}

/** A refused save, split into messages at the fields they name and one for the rest. */
export interface AgentSaveProblems {
  readonly fields: Partial<Record<AgentField, string>>;
  readonly general: string | null;
}

const FIELDS: ReadonlySet<string> = new Set<AgentField>([
  'name',
  'description',
  'systemPrompt',
  'model',
  'skills',
  'preloadSkills',
  'tools',
  'mcpServers',
  'subagents',
  'shellNetwork',
]);

const isField = (value: unknown): value is AgentField => typeof value === 'string' && FIELDS.has(value);

/**
 * Places the server's refusal of a save at the fields it names: `agent_invalid` (422, its
 * `details.field`), `agent_skill_refused` (422, the refused ids under skills and preloads) and
 * `invalid_request` (400, each issue's first path segment). Anything else is a general message.
 */
export function saveProblems(error: unknown): AgentSaveProblems {
  if (!(error instanceof ApiError))
    return { fields: {}, general: String((error as Error)?.message ?? error) };
  const fields: Partial<Record<AgentField, string>> = {};
  const { details } = error;
  if (error.code === 'agent_invalid' && isField(details.field)) {
    fields[details.field] = error.message;
  } else if (error.code === 'agent_skill_refused' && Array.isArray(details.skillIds)) {
    const ids = details.skillIds.map(String);
    fields.skills = `${error.message}: ${ids.join(', ')}`;
  } else if (error.code === 'invalid_request' && Array.isArray(details.issues)) {
    for (const issue of details.issues as { path?: unknown; message?: unknown }[]) {
      const field = typeof issue.path === 'string' ? issue.path.split('.')[0] : undefined;
      if (isField(field) && fields[field] === undefined) fields[field] = String(issue.message ?? '');
    }
  }
  return Object.keys(fields).length > 0 ? { fields, general: null } : { fields, general: error.message };
}
