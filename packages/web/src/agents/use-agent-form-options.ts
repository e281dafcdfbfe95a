import { useMemo } from 'react';
import { useSharedSkills } from '../skills/skill-queries';
import { type AgentFormValues, MODEL_KEYWORDS, preloadable, toolSuggestions } from './agent-form';
import { type Agent, useAgents, useAgentTools } from './agent-queries';
import { useProviderModels } from './use-provider-models';

/** An option of a select: the value sent and the label shown. */
export interface FieldOption {
  readonly value: string;
  readonly label: string;
}

/** What the agent form's selects offer (see {@link useAgentFormOptions}). */
export interface AgentFormOptions {
  /** The model keywords, then (for admins who may edit) every provider's models. */
  readonly models: string[];
  /** The readable shared skills, and the picked ones the listing no longer offers. */
  readonly pickSkills: FieldOption[];
  /** The skills the agent may preload: readable and allowed by its skills, and the preloaded ones. */
  readonly preloadSkills: FieldOption[];
  /** The tools to suggest: those the viewer may add, and the ones the agent has. */
  readonly tools: string[];
  /** The other agents, and the picked ones the listing no longer offers. */
  readonly subagents: FieldOption[];
}

/** Keeps picked ids the listing no longer offers (disabled, unreadable), so they stay visible and removable. */
function withValues(options: FieldOption[], values: readonly string[]): FieldOption[] {
  const known = new Set(options.map((option) => option.value));
  return [
    ...options,
    ...values.filter((value) => !known.has(value)).map((value) => ({ value, label: value })),
  ];
}

/**
 * The options of an agent's form, from the shared skills, the agents, their tools and — when
 * `withProviderModels` — the model providers (an admin's listing).
 */
export function useAgentFormOptions(
  agent: Agent,
  values: AgentFormValues,
  withProviderModels: boolean,
): AgentFormOptions {
  const shared = useSharedSkills();
  const agents = useAgents();
  const agentTools = useAgentTools();
  const providerModels = useProviderModels(withProviderModels);
  const skillOptions = useMemo(
    () =>
      (shared.data ?? []).map((skill) => ({
        value: skill.id,
        label: skill.name === skill.id ? skill.id : `${skill.name} (${skill.id})`,
      })),
    [shared.data],
  );
  const readableIds = useMemo(() => skillOptions.map((option) => option.value), [skillOptions]);
  const preloadIds = preloadable(values, readableIds);
  return {
    models: [...MODEL_KEYWORDS, ...(providerModels.data ?? [])],
    pickSkills: withValues(skillOptions, values.skills),
    // Picked or preloaded ids the listing does not offer (disabled, no longer readable) stay visible.
    preloadSkills: withValues(
      skillOptions.filter((option) => preloadIds.includes(option.value)),
      values.skillsMode === 'pick' ? values.skills : values.skillsMode === 'all' ? values.preloadSkills : [],
    ),
    tools: toolSuggestions(agentTools.data ?? [], values.tools),
    subagents: withValues(
      (agents.data ?? [])
        .filter((other) => other.id !== agent.id)
        .map((other) => ({ value: other.id, label: other.name })),
      values.subagents,
    ),
  };
}
