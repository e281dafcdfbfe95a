import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import type { components } from '../api/generated/openapi';

export type SkillSummary = components['schemas']['SkillSummary'];
export type PersonalSkillSummary = components['schemas']['PersonalSkillSummary'];

/** The query key of every skills listing: invalidating it refreshes shared and personal lists alike. */
export const SKILLS_QUERY_KEY = ['skills'] as const;

/** The builtin and shared skills the viewer may read (`GET /api/skills`). */
export function useSharedSkills() {
  const { api } = useApi();
  return useQuery({
    queryKey: [...SKILLS_QUERY_KEY, 'shared'],
    queryFn: async () => (await unwrap(api.GET('/api/skills'))).skills,
  });
}

/** The viewer's personal skills, each with what it overrides (`GET /api/me/skills`). */
export function usePersonalSkills() {
  const { api } = useApi();
  return useQuery({
    queryKey: [...SKILLS_QUERY_KEY, 'personal'],
    queryFn: async () => (await unwrap(api.GET('/api/me/skills'))).skills,
  });
}
