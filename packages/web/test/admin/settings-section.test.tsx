// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { ME_QUERY_KEY } from '../../src/auth/use-me.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { SettingsSection } from '../../src/pages/admin/settings-section.js';

/** A fake of the settings routes: what they hold, what the page sent, and refusals to give. */
function settingsServer() {
  const state = {
    install: {
      allowedHosts: ['github.com'],
      recommended: [] as unknown[],
      skillsDirectoryUrl: null as string | null,
    },
    runs: { timeLimitSeconds: 600, maxTurns: 50, maxConcurrentRunsPerUser: 3 },
    webFetch: { allowedHosts: ['docs.example.com'] },
    discovery: { anonymous: 'none' },
  };
  const writes: { path: string; body: unknown }[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET') {
      if (path === '/api/admin/settings/install') return Response.json({ settings: state.install });
      if (path === '/api/admin/settings/runs') return Response.json({ settings: state.runs });
      if (path === '/api/admin/settings/web-fetch') return Response.json({ settings: state.webFetch });
      if (path === '/api/admin/discovery') return Response.json({ discovery: state.discovery });
    }
    const body = JSON.parse(await request.text());
    writes.push({ path, body });
    if (path === '/api/admin/settings/runs') {
      if (body.maxTurns === 999)
        return Response.json(
          { error: { code: 'invalid_request', message: 'maxTurns: refused by this server' } },
          { status: 400 },
        );
      state.runs = body;
      return Response.json({ settings: state.runs });
    }
    if (path === '/api/admin/settings/web-fetch') {
      state.webFetch = body;
      return Response.json({ settings: state.webFetch });
    }
    if (path === '/api/admin/settings/install/skills-directory') {
      state.install = { ...state.install, skillsDirectoryUrl: body.baseUrl };
      return Response.json({ settings: state.install });
    }
    if (path === '/api/admin/settings/install/recommended') {
      state.install = { ...state.install, recommended: body.skills };
      return Response.json({ settings: state.install });
    }
    if (path === '/api/admin/discovery') {
      state.discovery = body;
      return Response.json({ discovery: state.discovery });
    }
    return Response.json({ error: { code: 'not_found', message: 'No such route' } }, { status: 404 });
  };
  return { state, writes, fetch };
}

function mount(
  role: 'admin' | 'superadmin',
  server: ReturnType<typeof settingsServer>,
  language: 'en' | 'zh' = 'en',
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, {
    user: {
      id: '0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c',
      username: 'boss',
      displayName: 'Boss',
      role,
      disabled: false,
      departmentIds: [],
      createdAt: '2026-12-01T00:00:00.000Z',
    },
    via: 'session',
    csrfToken: 'csrf',
    passwordChangeRequired: false,
  });
  const router = createMemoryRouter([{ path: '/', element: <SettingsSection /> }]);
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

describe('Admin → Settings (issue 24)', () => {
  it('W5 run limits: a change is saved, a refusal shows the server’s reason, Cancel restores', async () => {
    const server = settingsServer();
    mount('admin', server);
    const form = within(await screen.findByRole('form', { name: 'Run limits' }));
    const turns = form.getByLabelText('Most turns');
    await waitFor(() => expect((turns as HTMLInputElement).value).toBe('50'));
    await userEvent.clear(turns);
    await userEvent.type(turns, '80');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await form.findByText('Saved.');
    expect(server.writes).toEqual([
      {
        path: '/api/admin/settings/runs',
        body: { timeLimitSeconds: 600, maxTurns: 80, maxConcurrentRunsPerUser: 3 },
      },
    ]);
    await userEvent.clear(turns);
    // Past the server's bound the field clamps to it; what the server still refuses is shown.
    await userEvent.type(turns, '5000');
    await userEvent.tab();
    expect((turns as HTMLInputElement).value).toBe('1000');
    await userEvent.clear(turns);
    await userEvent.type(turns, '999');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes.length).toBe(2));
    expect((await form.findByRole('alert')).textContent).toContain('maxTurns: refused by this server');
    expect(server.state.runs.maxTurns).toBe(80);
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect((turns as HTMLInputElement).value).toBe('80');
  });

  it('W5 web fetch hosts and the skills directory save with the keyboard; empty directory turns search off', async () => {
    const server = settingsServer();
    mount('admin', server);
    const webFetch = within(await screen.findByRole('form', { name: 'Web fetch' }));
    const hosts = await webFetch.findByLabelText('Hosts the web fetch tool may read');
    await userEvent.type(hosts, 'api.example.com{Enter}');
    await userEvent.click(webFetch.getByRole('button', { name: 'Save' }));
    await webFetch.findByText('Saved.');
    expect(server.state.webFetch.allowedHosts).toEqual(['docs.example.com', 'api.example.com']);

    const directory = within(screen.getByRole('form', { name: 'Skills directory' }));
    const url = directory.getByLabelText('Base URL');
    await userEvent.type(url, 'https://skills.example{Enter}');
    await directory.findByText('Saved.');
    expect(server.state.install.skillsDirectoryUrl).toBe('https://skills.example');
    await userEvent.clear(url);
    await userEvent.type(url, '{Enter}');
    await waitFor(() => expect(server.state.install.skillsDirectoryUrl).toBeNull());
  });

  it('W5 recommended skills: rows are added, filled and removed, and the list is saved whole', async () => {
    const server = settingsServer();
    mount('admin', server);
    const form = within(await screen.findByRole('form', { name: 'Recommended skills' }));
    expect(form.getByText('No recommended skills.')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Add a skill' }));
    await userEvent.click(form.getByRole('button', { name: 'Add a skill' }));
    await userEvent.type(form.getAllByLabelText('Skill id')[0]!, 'pdf-tools');
    await userEvent.type(form.getAllByLabelText('Name')[0]!, 'PDF tools');
    await userEvent.type(form.getAllByLabelText('Source')[0]!, 'acme/pdf-tools');
    await userEvent.click(form.getByRole('button', { name: 'Remove 2' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await form.findByText('Saved.');
    expect(server.state.install.recommended).toEqual([
      { id: 'pdf-tools', name: 'PDF tools', description: '', source: 'acme/pdf-tools' },
    ]);
  });

  it('Y13 anonymous discovery is the superadmin’s: an admin does not see it; the superadmin opens it', async () => {
    const admin = settingsServer();
    mount('admin', admin);
    await screen.findByRole('form', { name: 'Run limits' });
    expect(screen.queryByRole('form', { name: 'Discovery for anonymous callers' })).toBeNull();
    cleanup();

    const server = settingsServer();
    mount('superadmin', server);
    const form = within(await screen.findByRole('form', { name: 'Discovery for anonymous callers' }));
    await userEvent.click(form.getByLabelText('The skills everyone may read'));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await form.findByText('Saved.');
    expect(server.state.discovery).toEqual({ anonymous: 'global' });
  });

  it('W6 the settings speak Chinese', async () => {
    mount('superadmin', settingsServer(), 'zh');
    expect(await screen.findByRole('form', { name: '运行限制' })).toBeTruthy();
    expect(screen.getByRole('form', { name: '网页抓取' })).toBeTruthy();
    expect(screen.getByRole('form', { name: '匿名访问的发现端点' })).toBeTruthy();
  });
});
