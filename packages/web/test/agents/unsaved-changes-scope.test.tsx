// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import {
  LEAVE_WITHOUT_ASKING,
  UnsavedChangesScope,
  useUnsavedChanges,
} from '../../src/skills/use-unsaved-guard.js';

/** A stand-in editor: a checkbox says whether it has unsaved changes. */
function Editor({ label }: { readonly label: string }) {
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  return (
    <label>
      <input type="checkbox" checked={dirty} onChange={(event) => setDirty(event.target.checked)} />
      {label}
    </label>
  );
}

function Page() {
  const navigate = useNavigate();
  const [second, setSecond] = useState(true);
  return (
    <UnsavedChangesScope>
      <Editor label="configuration" />
      {second ? <Editor label="bound skill" /> : null}
      <Link to="/elsewhere">away</Link>
      <button type="button" onClick={() => setSecond(false)}>
        close the second editor
      </button>
      <button type="button" onClick={() => void navigate('/elsewhere', { state: LEAVE_WITHOUT_ASKING })}>
        delete and leave
      </button>
    </UnsavedChangesScope>
  );
}

function mount() {
  const router = createMemoryRouter(
    [
      { path: '/agents/a', element: <Page /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/agents/a'] },
  );
  render(
    <AppProviders
      client={createApiClient({ baseUrl: 'http://127.0.0.1:9' })}
      i18n={createI18n('en')}
      queryClient={createQueryClient()}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const dialog = () => screen.queryByText('Leave with unsaved changes?');

afterEach(cleanup);

describe('W3 one guard for a page of several editors', () => {
  it('W3 with nothing unsaved the page is left at once', async () => {
    const router = mount();
    await act(async () => fireEvent.click(screen.getByText('away')));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('W3 unsaved changes in either editor ask first: stay keeps the page, leave goes', async () => {
    const router = mount();
    fireEvent.click(screen.getByLabelText('bound skill'));
    await act(async () => fireEvent.click(screen.getByText('away')));
    // The dialog opens from the router's blocker: wait for it rather than assume one render.
    await screen.findByText('Leave with unsaved changes?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(router.state.location.pathname).toBe('/agents/a');
    expect((screen.getByLabelText('bound skill') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByLabelText('bound skill'));
    fireEvent.click(screen.getByLabelText('configuration'));
    await act(async () => fireEvent.click(screen.getByText('away')));
    await screen.findByText('Leave with unsaved changes?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave and drop changes' })));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('W3 an editor that goes away takes its unsaved state with it', async () => {
    const router = mount();
    fireEvent.click(screen.getByLabelText('bound skill'));
    fireEvent.click(screen.getByText('close the second editor'));
    await act(async () => fireEvent.click(screen.getByText('away')));
    expect(dialog()).toBeNull();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('W3 an action that ends the page (a delete) leaves without asking, even with unsaved changes', async () => {
    const router = mount();
    fireEvent.click(screen.getByLabelText('configuration'));
    await act(async () => fireEvent.click(screen.getByText('delete and leave')));
    expect(dialog()).toBeNull();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
