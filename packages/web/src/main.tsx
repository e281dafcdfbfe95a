import '@mantine/core/styles.css';
import './theme/global.css';
import { SkilldockError } from '@skilldock/core/errors';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/create-api-client';
import { App } from './app/app';
import { createI18n, initialLanguage } from './i18n/create-i18n';

const root = document.getElementById('root');
if (root === null) throw new SkilldockError('web_root_missing', 'index.html has no #root element');
const i18n = createI18n(initialLanguage(window.localStorage, navigator.languages));
const client = createApiClient({ baseUrl: window.location.origin });
createRoot(root).render(
  <StrictMode>
    <App client={client} i18n={i18n} />
  </StrictMode>,
);
