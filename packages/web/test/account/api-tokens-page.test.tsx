// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { expiresAtFor } from '../../src/account/new-token-form.js';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { ME_QUERY_KEY } from '../../src/auth/use-me.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { ApiTokensPage } from '../../src/pages/api-tokens-page.js';

const USER_ID = '0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c';
const OLD_ID = '3f1c5c1e-0000-4000-8000-000000000001';
const NEW_ID = '3f1c5c1e-0000-4000-8000-000000000002';

function token(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    userId: USER_ID,
    name,
    scopes: ['skills:read'],
    createdAt: '2026-12-01T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    expiresAt: null,
    ...extra,
  };
}

/** A small fake of the three token routes, recording what the page sent. */
function tokenServer() {
  const requests: { method: string; path: string; body: unknown }[] = [];
  let tokens = [
    token(OLD_ID, 'laptop', {
      lastUsedAt: '2026-12-02T08:30:00.000Z',
      scopes: ['skills:read', 'agents:read'],
    }),
  ];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const text = await request.text();
    const body = text === '' ? null : JSON.parse(text);
    requests.push({ method: request.method, path, body });
    if (request.method === 'GET' && path === '/api/auth/tokens') return Response.json({ tokens });
    if (request.method === 'POST' && path === '/api/auth/tokens') {
      const issued = token(NEW_ID, body.name, { scopes: body.scopes, expiresAt: body.expiresAt });
      tokens = [issued, ...tokens];
      return Response.json({ token: 'skd_secretvalue123', apiToken: issued }, { status: 201 });
    }
    if (request.method === 'DELETE' && path === `/api/auth/tokens/${OLD_ID}`) {
      tokens = tokens.map((row) =>
        row.id === OLD_ID ? { ...row, revokedAt: '2026-12-03T00:00:00.000Z' } : row,
      );
      return new Response(null, { status: 204 });
    }
    return Response.json({ error: { code: 'not_found', message: 'No such route' } }, { status: 404 });
  };
  return { requests, fetch };
}

function mount(role: 'user' | 'admin', server: ReturnType<typeof tokenServer>, language: 'en' | 'zh' = 'en') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, {
    user: {
      id: USER_ID,
      username: 'ursula',
      displayName: 'Ursula',
      role,
      disabled: false,
      departmentIds: [],
      createdAt: '2026-12-01T00:00:00.000Z',
    },
    via: 'session',
    csrfToken: 'csrf',
    passwordChangeRequired: false,
  });
  const router = createMemoryRouter([{ path: '/', element: <ApiTokensPage /> }]);
  return render(
    <AppProviders
      client={createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: server.fetch })}
      i18n={createI18n(language)}
      queryClient={queryClient}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(cleanup);

describe('Account → API tokens (issue 24)', () => {
  it('Y1 issues a token with the chosen scopes and expiry, shows it once with a copy button, and lists it', async () => {
    const server = tokenServer();
    mount('user', server);
    expect(await screen.findByText('laptop')).toBeTruthy();
    // A user is not offered admin scopes; skills:read is ticked to start with.
    expect(screen.queryByLabelText('Read admin settings')).toBeNull();
    expect((screen.getByLabelText('Read skills') as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'ci install');
    // Keyboard only: tab to a scope and tick it with the space bar.
    screen.getByLabelText('Read skills').focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Install and edit skills'));
    await user.keyboard(' ');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByTestId('issued-token');
    expect(shown.textContent).toBe('skd_secretvalue123');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    const post = server.requests.find((request) => request.method === 'POST')!;
    expect(post.body).toMatchObject({ name: 'ci install', scopes: ['skills:read', 'skills:write'] });
    // 90 days is the default expiry.
    const expires = Date.parse((post.body as { expiresAt: string }).expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);
    const row = (await screen.findByText('ci install')).closest('tr')!;
    expect(within(row).getByText('skills:write')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    // The list never holds the token itself.
    expect(
      screen.getAllByText(/skd_secretvalue123/).every((element) => element.closest('[role=status]') !== null),
    ).toBe(true);
  });

  it('Y1 nothing is sent without a name or without a scope', async () => {
    const server = tokenServer();
    mount('user', server);
    await screen.findByText('laptop');
    const create = screen.getByRole('button', { name: 'Create token' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    expect(create.disabled).toBe(false);
    await userEvent.click(screen.getByLabelText('Read skills'));
    expect(screen.getByText('Choose at least one scope.')).toBeTruthy();
    expect(create.disabled).toBe(true);
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('Y1 revoking asks first, then marks the token revoked; last use is shown', async () => {
    const server = tokenServer();
    mount('admin', server);
    const row = (await screen.findByText('laptop')).closest('tr')!;
    expect(within(row).queryByText('Never')).toBeTruthy();
    expect(within(row).getAllByText(/2026/).length).toBeGreaterThanOrEqual(2);
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke laptop' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Revoke laptop?')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      server.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
    ).toEqual([`/api/auth/tokens/${OLD_ID}`]);
    const revoked = (await screen.findByText('Revoked')).closest('tr')!;
    expect(within(revoked).getByText('laptop')).toBeTruthy();
    // An admin may give its tokens admin scopes.
    expect(screen.getByLabelText('Read admin settings')).toBeTruthy();
  });

  it('W6 the page speaks Chinese', async () => {
    mount('user', tokenServer(), 'zh');
    expect(await screen.findByRole('heading', { name: 'API 令牌' })).toBeTruthy();
    expect(screen.getByLabelText('读取技能')).toBeTruthy();
    expect(screen.getByRole('button', { name: '创建令牌' })).toBeTruthy();
  });

  it('Y1 the expiry choices map to a moment that many days ahead, or none', () => {
    expect(expiresAtFor('never', 0)).toBeNull();
    expect(expiresAtFor('7', 0)).toBe(new Date(7 * 86_400_000).toISOString());
  });
});
