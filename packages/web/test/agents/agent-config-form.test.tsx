// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentConfigForm } from '../../src/agents/agent-config-form.js';
import { AGENTS_QUERY_KEY, type Agent } from '../../src/agents/agent-queries.js';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { ME_QUERY_KEY, type Me } from '../../src/auth/use-me.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { SKILLS_QUERY_KEY } from '../../src/skills/skill-queries.js';
import { UnsavedChangesScope } from '../../src/skills/use-unsaved-guard.js';
import { sampleAgent } from './sample-agent.js';

const agent = sampleAgent();

/** The form with the listings it reads already in the cache (nothing is fetched: the data is fresh). */
function renderForm(role: 'user' | 'admin', shown: Agent = agent, { guarded = false } = {}) {
  const queries: QueryClient = createQueryClient();
  queries.setDefaultOptions({ queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } });
  queries.setQueryData(ME_QUERY_KEY, { user: { id: 'u1', role } } as unknown as Me);
  queries.setQueryData(
    [...SKILLS_QUERY_KEY, 'shared'],
    [
      { id: 'glossary', name: 'glossary' },
      { id: 'style', name: 'House style' },
    ],
  );
  queries.setQueryData([...AGENTS_QUERY_KEY, 'list'], [{ id: 'other-agent', name: 'Reviewer' }]);
  queries.setQueryData(
    [...AGENTS_QUERY_KEY, 'tools'],
    ['read_file', 'write_file', 'shell', 'web_fetch'].map((name) => ({
      name,
      adminOnly: name === 'shell',
      mayAdd: name !== 'shell' || role === 'admin',
    })),
  );
  queries.setQueryData(['model-providers', 'selectors'], []);
  return render(
    <AppProviders
      client={createApiClient({ baseUrl: 'http://127.0.0.1:9' })}
      i18n={createI18n('en')}
      queryClient={queries}
    >
      {guarded ? (
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '/agents/a',
                element: (
                  <UnsavedChangesScope>
                    <AgentConfigForm agent={shown} />
                    <Link to="/agents">away</Link>
                  </UnsavedChangesScope>
                ),
              },
              { path: '/agents', element: <p>agents</p> },
            ],
            { initialEntries: ['/agents/a'] },
          )}
        />
      ) : (
        <AgentConfigForm agent={shown} />
      )}
    </AppProviders>,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save configuration' }) as HTMLButtonElement;

afterEach(cleanup);
// happy-dom has no FontFaceSet; Mantine's autosize textarea listens on it (a browser always has one).
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
});

describe('the agent configuration form', () => {
  it('W3 saving is offered only once something changed', () => {
    renderForm('user');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByTestId('agent-save-state').textContent).toBe('No unsaved changes.');
    fireEvent.change(screen.getByLabelText('System prompt'), { target: { value: 'Be thorough.' } });
    expect(saveButton().disabled).toBe(false);
    expect(screen.getByTestId('agent-save-state').textContent).toBe('Unsaved changes.');
  });

  it('G1 an invalid model selector is named at the field and blocks the save', () => {
    renderForm('user');
    fireEvent.change(screen.getByRole('combobox', { name: 'Model' }), { target: { value: 'not a model!' } });
    expect(screen.getByText(/Use inherit, fast, <model> or <provider>:<model>/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Model' }), { target: { value: '' } });
    expect(screen.getByText('A model is required (inherit uses the default).')).toBeTruthy();
  });

  it('Y8 "none" hides the pick and disables the preloads; "pick" offers the readable skills', () => {
    renderForm('user');
    expect(screen.getByRole('combobox', { name: 'Picked skills' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'None' }));
    expect(screen.queryByRole('combobox', { name: 'Picked skills' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Preloaded skills' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(saveButton().disabled).toBe(false);
  });

  it('Y17 the shell network setting is for admins only, and needs the shell tool', () => {
    renderForm('user');
    expect(screen.queryByText('Shell network access')).toBeNull();
    cleanup();
    renderForm('admin');
    const network = screen.getByLabelText(/^Shell network access/) as HTMLInputElement;
    expect(network.disabled).toBe(true);
    cleanup();
    renderForm('admin', { ...agent, tools: ['read_file', 'shell'] });
    expect((screen.getByLabelText(/^Shell network access/) as HTMLInputElement).disabled).toBe(false);
  });

  it('W3 a builtin agent is read-only, with a note and no save', () => {
    renderForm('admin', { ...agent, builtin: true, permissions: { edit: true, share: true, delete: false } });
    expect(screen.getByTestId('agent-read-only').textContent).toContain(
      'A built-in agent ships with Skilldock',
    );
    expect(screen.queryByRole('button', { name: 'Save configuration' })).toBeNull();
    expect(screen.getByLabelText('System prompt').hasAttribute('readonly')).toBe(true);
    expect((screen.getByRole('radio', { name: 'Pick' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('W3 an agent the viewer may read but not edit says so', () => {
    renderForm('user', { ...agent, permissions: { edit: false, share: false, delete: false } });
    expect(screen.getByTestId('agent-read-only').textContent).toBe(
      'You may use this agent but not change its configuration.',
    );
    expect(screen.queryByRole('button', { name: 'Save configuration' })).toBeNull();
  });

  it('W3 unsaved configuration asks before leaving the page; saved or unchanged, it does not', async () => {
    renderForm('admin', agent, { guarded: true });
    fireEvent.change(screen.getByLabelText('System prompt'), { target: { value: 'Be thorough.' } });
    await act(async () => fireEvent.click(screen.getByText('away')));
    expect(screen.queryByText('Leave with unsaved changes?')).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect((screen.getByLabelText('System prompt') as HTMLTextAreaElement).value).toBe('Be thorough.');
    // Back to what was loaded: nothing is unsaved, and the page is left at once.
    fireEvent.change(screen.getByLabelText('System prompt'), { target: { value: 'Be brief.' } });
    await act(async () => fireEvent.click(screen.getByText('away')));
    expect(screen.queryByText('Leave with unsaved changes?')).toBeNull();
    expect(screen.getByText('agents')).not.toBeNull();
  });
});
