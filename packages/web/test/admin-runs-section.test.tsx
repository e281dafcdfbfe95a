// @vitest-environment happy-dom
/**
 * Issue 25 item 3 in the web app: Admin → Runs lists every user's running and queued runs (who,
 * agent, status, position, worker), filters and pages them, and cancels one only after a
 * confirmation — reached and answered from the keyboard — showing the server's refusal in the
 * dialog. English and Chinese.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/create-api-client.js';
import type { components } from '../src/api/generated/openapi.js';
import { AppProviders, createQueryClient } from '../src/app/app-providers.js';
import { createI18n } from '../src/i18n/create-i18n.js';
import { RunsSection } from '../src/pages/admin/runs-section.js';

type AdminRun = components['schemas']['AdminRun'];

const running: AdminRun = {
  id: 'run-1',
  status: 'running',
  user: { id: 'u1', username: 'alice' },
  agent: { id: 'a1', name: 'Writer' },
  queuedAt: '2026-12-06T04:00:00.000Z',
  startedAt: '2026-12-06T04:00:01.000Z',
  heartbeatAt: '2026-12-06T04:00:05.000Z',
  workerId: 'worker-7f3a',
  attempts: 1,
  cancelRequested: false,
  position: null,
  queue: null,
};
const queued: AdminRun = {
  ...running,
  id: 'run-2',
  status: 'queued',
  user: { id: 'u2', username: 'bob' },
  agent: { id: 'a2', name: 'Reviewer' },
  startedAt: null,
  heartbeatAt: null,
  workerId: null,
  attempts: 0,
  position: 1,
  queue: { reason: 'user_run_limit', runsAhead: 2, limit: 2, message: '2 of your runs are ahead' },
};

/** Answers `GET /api/admin/runs` from `lists` in turn (the last repeated) and cancels from `cancels`. */
function server(lists: { runs: AdminRun[]; total: number }[], cancels: Response[] = []) {
  const requests: string[] = [];
  const fetch = async (input: Request) => {
    const url = new URL(input.url);
    requests.push(`${input.method} ${url.pathname}${url.search}`);
    if (input.method === 'GET' && url.pathname === '/api/admin/runs')
      return Response.json(lists.length > 1 ? lists.shift() : lists[0]);
    if (input.method === 'POST' && /^\/api\/admin\/runs\/[^/]+\/cancel$/.test(url.pathname)) {
      const answer = cancels.shift();
      if (answer === undefined) throw new Error('no more cancel answers');
      return answer;
    }
    throw new Error(`unexpected ${input.method} ${url.pathname}`);
  };
  return { requests, fetch };
}

function mount(fake: ReturnType<typeof server>, language: 'en' | 'zh' = 'en') {
  render(
    <AppProviders
      client={createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch })}
      i18n={createI18n(language)}
      queryClient={createQueryClient()}
    >
      <RunsSection />
    </AppProviders>,
  );
}

afterEach(cleanup);

describe('O2 Admin → Runs', () => {
  it('O2 lists who runs what, where queued runs stand and on which worker', async () => {
    mount(server([{ runs: [running, queued], total: 2 }]));
    const rows = await screen.findAllByTestId('admin-run');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['running', 'queued']);
    const first = within(rows[0]!);
    expect(first.getByText('alice')).not.toBeNull();
    expect(first.getByText('Writer')).not.toBeNull();
    expect(first.getByText('Running')).not.toBeNull();
    expect(first.getByText('worker-7f3a')).not.toBeNull();
    const second = within(rows[1]!);
    expect(second.getByText('Queued')).not.toBeNull();
    expect(second.getByText('1')).not.toBeNull();
    expect(second.getByText('2 of the user’s runs ahead')).not.toBeNull();
    // Nothing to page through.
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('O2 cancelling asks first, from the keyboard; the refusal shows in the dialog, a success closes it', async () => {
    const user = userEvent.setup();
    const fake = server(
      [
        { runs: [running, queued], total: 2 },
        { runs: [running, queued], total: 2 },
        { runs: [running], total: 1 },
      ],
      [
        Response.json({ error: { code: 'run_finished', message: 'The run already ended' } }, { status: 409 }),
        Response.json({ run: { ...queued, status: 'cancelled' } }, { status: 202 }),
      ],
    );
    mount(fake);
    const cancel = await screen.findByRole('button', { name: 'Cancel the run of bob with Reviewer' });
    cancel.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByTestId('admin-run-cancel-dialog');
    expect(dialog.textContent).toContain('Cancel this run?');
    expect(dialog.textContent).toContain('The run of bob with Reviewer stops');
    // Nothing is cancelled until confirmed.
    expect(fake.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    const confirm = within(document.body).getByRole('button', { name: 'Cancel the run' });
    confirm.focus();
    await user.keyboard('{Enter}');
    // The code's text for people, then the server's own words and the code (issue 24 item 6).
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This run has finished already. Reload the conversation.The run already ended · run_finished',
    );
    await act(async () =>
      fireEvent.click(within(document.body).getByRole('button', { name: 'Cancel the run' })),
    );
    await act(async () => {});
    expect(fake.requests.filter((request) => request.startsWith('POST'))).toEqual([
      'POST /api/admin/runs/run-2/cancel',
      'POST /api/admin/runs/run-2/cancel',
    ]);
    expect(screen.queryByTestId('admin-run-cancel-dialog')).toBeNull();
    await screen.findByText('worker-7f3a');
    expect((await screen.findAllByTestId('admin-run')).map((row) => row.getAttribute('data-run'))).toEqual([
      'run-1',
    ]);
  });

  it('O2 filters by status and pages fifty at a time', async () => {
    const many = Array.from({ length: 50 }, (_, index) => ({
      ...queued,
      id: `q-${index}`,
      position: index + 1,
    }));
    const fake = server([{ runs: many, total: 51 }]);
    mount(fake);
    expect(await screen.findByText('1–50 of 51')).not.toBeNull();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    await act(async () => {});
    expect(fake.requests).toContain('GET /api/admin/runs?limit=50&offset=50');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Queued' })));
    await act(async () => {});
    // A new filter starts again at the first page.
    expect(fake.requests.at(-1)).toBe('GET /api/admin/runs?limit=50&offset=0&status=queued');
  });

  it('O2 an empty queue says so, in Chinese too', async () => {
    mount(server([{ runs: [], total: 0 }]), 'zh');
    expect((await screen.findByTestId('admin-runs-empty')).textContent).toBe('没有正在运行或排队的运行。');
    expect(screen.getByText('运行中和排队中的运行')).not.toBeNull();
  });
});
