import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../api/api-context';
import { ApiError } from '../api/api-error';
import type { ApiClient, CsrfTokenStore } from '../api/create-api-client';
import { ME_QUERY_KEY } from '../auth/use-me';
import { colorSchemeManager, theme } from '../theme/theme';

/**
 * A query client that does not retry what the server refused on purpose (4xx), and that treats
 * a 401 from any call as the session having ended: the signed-in pages then send you to sign in.
 */
export function createQueryClient(): QueryClient {
  const signedOut = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && error.code === 'unauthenticated') {
      client.setQueryData(ME_QUERY_KEY, null);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

/**
 * Everything a page needs above it: the Mantine theme (light/dark persisted), the API client,
 * TanStack Query and i18next. Tests mount pages inside it with their own client and language.
 */
export function AppProviders({
  client,
  i18n,
  queryClient,
  children,
}: {
  client: { readonly api: ApiClient; readonly csrf: CsrfTokenStore };
  i18n: i18n;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queries] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => {
    const apply = (language: string) => {
      document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    };
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <I18nextProvider i18n={i18n}>
        <ApiProvider value={client}>
          <QueryClientProvider client={queries}>{children}</QueryClientProvider>
        </ApiProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
