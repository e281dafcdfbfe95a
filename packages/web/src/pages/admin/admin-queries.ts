import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import type { components } from '../../api/generated/openapi';

export type User = components['schemas']['User'];
export type Department = components['schemas']['Department'];

/** Query keys of the admin data, for invalidation after a change. */
export const ADMIN_KEYS = {
  users: ['admin', 'users'],
  departments: ['admin', 'departments'],
  tokens: ['admin', 'tokens'],
  myTokens: ['auth', 'tokens'],
  installSettings: ['admin', 'settings', 'install'],
  builtin: ['admin', 'builtin'],
  audit: ['admin', 'audit'],
  runs: ['admin', 'runs'],
} as const;

/** Every account (`GET /api/admin/users`). */
export function useUsers() {
  const { api } = useApi();
  return useQuery({
    queryKey: ADMIN_KEYS.users,
    queryFn: async () => (await unwrap(api.GET('/api/admin/users'))).users,
  });
}

/** Every department with its member count (`GET /api/admin/departments`). */
export function useDepartments() {
  const { api } = useApi();
  return useQuery({
    queryKey: ADMIN_KEYS.departments,
    queryFn: async () => (await unwrap(api.GET('/api/admin/departments'))).departments,
  });
}
