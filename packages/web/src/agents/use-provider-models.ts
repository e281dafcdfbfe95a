import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';

/** The model selectors an admin may pick: each configured provider's `<provider>:<model>`. */
export function useProviderModels(enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: ['model-providers', 'selectors'],
    queryFn: async () => (await unwrap(api.GET('/api/admin/model-providers'))).providers,
    enabled,
    select: (providers) =>
      providers.flatMap((provider) =>
        [...new Set([provider.defaultModel, provider.fastModel ?? '', ...provider.models])]
          .filter((model) => model !== '')
          .map((model) => `${provider.id}:${model}`),
      ),
  });
}
