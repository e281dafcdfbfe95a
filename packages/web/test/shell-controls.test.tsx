// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../src/app/app-providers.js';
import { ME_QUERY_KEY } from '../src/auth/use-me.js';
import { createI18n } from '../src/i18n/create-i18n.js';
import { ChangePasswordPage } from '../src/pages/change-password-page.js';
import { LanguageSwitch } from '../src/ui/language-switch.js';
import { ThemeToggle } from '../src/ui/theme-toggle.js';

/** Nothing here reaches the server: a call to it would fail loudly on this unused origin. */
const offline = () =>
  createApiClient({
    baseUrl: 'http://127.0.0.1:9',
    fetch: () => Promise.reject(new Error('no server in this test')),
  });

function mount(ui: React.ReactNode, queryClient = createQueryClient()) {
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  return render(
    <AppProviders client={offline()} i18n={createI18n('en')} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the shell controls', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    document.documentElement.lang = '';
  });

  it('W6 the language switch turns the app Chinese, sets <html lang> and remembers the choice', async () => {
    mount(<LanguageSwitch />);
    expect(document.documentElement.lang).toBe('en');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'zh');
    expect(await screen.findByLabelText('语言')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(window.localStorage.getItem('skilldock.language')).toBe('zh');
  });

  it('W6 the theme toggle switches to dark and back, labelled for what it will do, and remembers it', async () => {
    mount(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to the dark theme' }));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(window.localStorage.getItem('skilldock.color-scheme')).toBe('dark');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to the light theme' }));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('Y1 the password form refuses a short or mismatched new password before asking the server', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, {
      user: {
        id: '0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c',
        username: 'admin',
        displayName: 'Administrator',
        role: 'superadmin',
        disabled: false,
        departmentIds: [],
        createdAt: '2026-12-01T00:00:00.000Z',
      },
      via: 'session',
      csrfToken: 'token',
      passwordChangeRequired: true,
    });
    mount(<ChangePasswordPage />, queryClient);
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Current password/), 'one-time-password');
    await userEvent.type(screen.getByLabelText(/^New password$/), 'short');
    expect(
      await screen.findByText('At least 10 characters.', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^New password$/));
    await userEvent.type(screen.getByLabelText(/^New password$/), 'long-enough-password');
    await userEvent.type(screen.getByLabelText(/^New password again/), 'long-enough-passwore');
    expect(await screen.findByText('The two new passwords differ.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // Still refused on the page: no request went out (the offline client would have shown its error).
    expect(screen.queryByText('no server in this test')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
