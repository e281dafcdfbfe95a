import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../api/api-context';
import { ApiError } from '../api/api-error';
import type { ApiClient, CsrfTokenStore } from '../api/create-api-client';
import { colorSchemeManager, theme } from '../theme/theme';

/** A query client that does not retry what the server refused on purpose (4xx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
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
