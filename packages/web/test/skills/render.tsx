import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';

/**
 * Renders a component inside the app's providers, in English, with an API client for `baseUrl`
 * (a real loopback server when the test talks to one).
 */
export function renderInApp(node: ReactNode, baseUrl = 'http://127.0.0.1:9') {
  const i18n = createI18n('en');
  return render(
    <AppProviders client={createApiClient({ baseUrl })} i18n={i18n}>
      {node}
    </AppProviders>,
  );
}
