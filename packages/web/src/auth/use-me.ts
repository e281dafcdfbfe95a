import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import type { components } from '../api/generated/openapi';

/** Who is signed in, as `GET /api/auth/session` (and `/api/auth/me`) say. */
export type Me = components['schemas']['Me'];

/** The query key of the signed-in account; set it after login, clear it after sign-out. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;

/**
 * The signed-in account (`null` when nobody is), kept in TanStack Query; it also keeps the
 * session's CSRF token in the API client's store.
 */
export function useMe() {
  const { api, csrf } = useApi();
  return useQuery({
    queryKey: ME_QUERY_KEY,
    // The session probe answers 200 with `session: null` for nobody: a signed-out visit logs no 401 (W6).
    queryFn: async (): Promise<Me | null> => {
      const { session } = await unwrap(api.GET('/api/auth/session'));
      csrf.set(session?.csrfToken ?? null);
      return session;
    },
    staleTime: 60_000,
  });
}

/** Whether an account may open the admin pages. */
export function isAdmin(me: Me | null | undefined): boolean {
  return me?.user.role === 'admin' || me?.user.role === 'superadmin';
}
