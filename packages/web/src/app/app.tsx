import type { i18n } from 'i18next';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { ApiClient, CsrfTokenStore } from '../api/create-api-client';
import { AppProviders } from './app-providers';
import { appRoutes } from './routes';

/** The whole app in the browser: providers around the router of {@link appRoutes}. */
export function App({
  client,
  i18n,
}: {
  client: { readonly api: ApiClient; readonly csrf: CsrfTokenStore };
  i18n: i18n;
}) {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders client={client} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
