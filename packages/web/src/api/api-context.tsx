import { SkilldockError } from '@skilldock/core/errors';
import { createContext, type ReactNode, use } from 'react';
import type { ApiClient, CsrfTokenStore } from './create-api-client';

interface ApiContextValue {
  readonly api: ApiClient;
  readonly csrf: CsrfTokenStore;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/** Provides the API client to the pages below (the app's own, or one pointed at a test server). */
export function ApiProvider({ value, children }: { value: ApiContextValue; children: ReactNode }) {
  return <ApiContext value={value}>{children}</ApiContext>;
}

/** The API client and CSRF token store of the nearest {@link ApiProvider}. */
export function useApi(): ApiContextValue {
  const value = use(ApiContext);
  if (value === null)
    throw new SkilldockError('api_provider_missing', 'useApi() needs an <ApiProvider> above it');
  return value;
}
