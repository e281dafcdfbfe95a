import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/api-error';
import type { components } from '../api/generated/openapi';

export type Agent = components['schemas']['Agent'];
export type AgentSummary = components['schemas']['AgentSummary'];
export type BoundSkill = components['schemas']['BoundSkill'];
export type BoundSkillVersion = components['schemas']['BoundSkillVersion'];

/** The query key of every agent query: invalidating it refreshes lists, configurations and bound skills. */
export const AGENTS_QUERY_KEY = ['agents'] as const;

/** The agents the viewer may read (`GET /api/agents`). */
export function useAgents() {
  const { api } = useApi();
  return useQuery({
    queryKey: [...AGENTS_QUERY_KEY, 'list'],
    queryFn: async () => (await unwrap(api.GET('/api/agents'))).agents,
  });
}

export type AgentTool = components['schemas']['AgentTool'];

/**
 * The tools an agent may name and which the viewer may add (`GET /api/agent-tools`): the server's
 * list and rule, so the form offers nothing a save would refuse (issue 24).
 */
export function useAgentTools() {
  const { api } = useApi();
  return useQuery({
    queryKey: [...AGENTS_QUERY_KEY, 'tools'],
    queryFn: async () => (await unwrap(api.GET('/api/agent-tools'))).tools,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One agent with its whole configuration (`GET /api/agents/{id}`). */
export function useAgent(id: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: [...AGENTS_QUERY_KEY, 'one', id],
    queryFn: async () => (await unwrap(api.GET('/api/agents/{id}', { params: { path: { id } } }))).agent,
  });
}

/** The query key of an agent's bound skill and its versions. */
export function boundSkillKey(agentId: string) {
  return [...AGENTS_QUERY_KEY, 'bound-skill', agentId] as const;
}

/**
 * The agent's bound skill, or `null` while it has none (`bound_skill_not_found`). Asked only when
 * the agent names one (`enabled`), so an agent without one costs no refused request.
 */
export function useBoundSkill(agentId: string, enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: boundSkillKey(agentId),
    enabled,
    queryFn: async (): Promise<BoundSkill | null> => {
      try {
        return (await unwrap(api.GET('/api/agents/{id}/bound-skill', { params: { path: { id: agentId } } })))
          .boundSkill;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'bound_skill_not_found') return null;
        throw error;
      }
    },
  });
}

/** The released versions of the agent's bound skill, newest first. */
export function useBoundSkillVersions(agentId: string, enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: [...boundSkillKey(agentId), 'versions'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/agents/{id}/bound-skill/versions', { params: { path: { id: agentId } } })))
        .versions,
    enabled,
  });
}
