// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NewAgentModal } from '../../src/agents/new-agent-modal.js';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { sampleAgent } from './sample-agent.js';

const TOOLS = [
  { name: 'read_file', adminOnly: false, mayAdd: true, standard: true },
  { name: 'todo_write', adminOnly: false, mayAdd: true, standard: true },
  { name: 'shell', adminOnly: true, mayAdd: false, standard: false },
];

/**
 * A server whose tool list answers only when `releaseTools` is called; it records the body of
 * every agent created.
 */
function slowToolsServer() {
  const created: unknown[] = [];
  let releaseTools: () => void = () => undefined;
  const toolsAnswered = new Promise<void>((resolve) => {
    releaseTools = resolve;
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (pathname === '/api/agent-tools') {
      await toolsAnswered;
      return json({ tools: TOOLS });
    }
    if (pathname === '/api/agents' && request.method === 'POST') {
      created.push(await request.json());
      return json({ agent: sampleAgent() });
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: pathname } }), { status: 404 });
  };
  return { fetch, created, releaseTools: () => releaseTools() };
}

function renderModal(server: ReturnType<typeof slowToolsServer>) {
  const queries = createQueryClient();
  queries.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [
      { path: '/agents', element: <NewAgentModal onClose={() => undefined} /> },
      { path: '/agents/:id', element: <p>opened</p> },
    ],
    { initialEntries: ['/agents'] },
  );
  return render(
    <AppProviders
      client={createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        fetch: server.fetch as typeof globalThis.fetch,
      })}
      i18n={createI18n('en')}
      queryClient={queries}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(cleanup);
// happy-dom has no FontFaceSet; Mantine's autosize textarea listens on it (a browser always has one).
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
});

describe('a new agent', () => {
  it('W3 cannot be created before the tool list arrives, then starts with the standard tools it may add', async () => {
    const server = slowToolsServer();
    renderModal(server);
    fireEvent.change(await screen.findByLabelText('Name', { exact: false }), { target: { value: 'Helper' } });
    const create = screen.getByRole('button', { name: 'Create agent' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await act(async () => server.releaseTools());
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(server.created).toHaveLength(1));
    expect(server.created[0]).toMatchObject({ name: 'Helper', tools: ['read_file', 'todo_write'] });
  });
});
