import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import type { ScopeOption } from './scope-editor';

/** The departments and users the share pickers offer (the admin listings: sharing is for admins). */
export function useScopeOptions(): {
  readonly departments: readonly ScopeOption[];
  readonly users: readonly ScopeOption[];
  readonly pending: boolean;
  readonly error: Error | null;
  readonly retry: () => void;
} {
  const { api } = useApi();
  const departments = useQuery({
    queryKey: ['admin', 'departments'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/departments'))).departments,
  });
  const users = useQuery({
    queryKey: ['admin', 'users'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/users'))).users,
  });
  return {
    departments: (departments.data ?? []).map((department) => ({
      value: department.id,
      label: department.name,
    })),
    users: (users.data ?? []).map((user) => ({
      value: user.id,
      label: user.displayName === '' ? user.username : `${user.displayName} (${user.username})`,
    })),
    pending: departments.isPending || users.isPending,
    error: departments.error ?? users.error,
    retry: () => {
      void departments.refetch();
      void users.refetch();
    },
  };
}
