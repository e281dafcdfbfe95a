import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import type { components } from '../../api/generated/openapi';

export type ModelProvider = components['schemas']['ModelProvider'];
export type CreateModelProvider = components['schemas']['CreateModelProvider'];
export type UpdateModelProvider = components['schemas']['UpdateModelProvider'];
export type ModelProviderTest = components['schemas']['ModelProviderTest']['test'];

/** The query key of the configured providers, for invalidation after a change. */
export const MODEL_PROVIDERS_KEY = ['admin', 'model-providers'] as const;

/** Every configured model provider (`GET /api/admin/model-providers`; admins). */
export function useModelProviders() {
  const { api } = useApi();
  return useQuery({
    queryKey: MODEL_PROVIDERS_KEY,
    queryFn: async () => (await unwrap(api.GET('/api/admin/model-providers'))).providers,
  });
}
