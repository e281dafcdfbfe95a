// @vitest-environment happy-dom
/**
 * Issue 25 item 5 in the chat: a failed or stopped run's answer is marked partial (from its live
 * events and from the stored conversation alike), the conversation's latest such run offers
 * Retry ("Resume" when it goes on from its checkpoint), a refused retry says why, and a queued run
 * says in the reader's language how many of their runs are ahead.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { ChatConversation } from '../../src/chat/chat-conversation.js';
import type { Run } from '../../src/chat/chat-queries.js';
import { foldRunEvents } from '../../src/chat/fold-run-events.js';
import { conversationTurns } from '../../src/chat/history-turns.js';
import { RunErrorAlert } from '../../src/chat/run-error-alert.js';
import { createI18n } from '../../src/i18n/create-i18n.js';

const ev = (type: string, data: Record<string, unknown>) => ({ type, data });

// happy-dom has no FontFaceSet; Mantine's autosizing textarea (the composer) listens to it.
if ((document as { fonts?: unknown }).fonts === undefined)
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });

function runOf(id: string, changes: Partial<Run> = {}): Run {
  return {
    id,
    conversationId: 'c1',
    agentId: 'a1',
    prompt: `prompt of ${id}`,
    status: 'completed',
    error: null,
    finalText: null,
    pendingApprovals: [],
    queue: null,
    partial: null,
    resumable: false,
    retryOf: null,
    createdAt: '2026-12-06T04:00:00.000Z',
    startedAt: null,
    endedAt: null,
    ...changes,
  };
}

describe('W4 partial answers in the folded events and the stored turns', () => {
  it('W4 a failed or stopped run marks its last text partial; a run that goes on again clears the mark', () => {
    const failed = foldRunEvents([
      ev('text-delta', { turn: 1, text: 'First.' }),
      ev('turn-end', { turn: 1 }),
      ev('text-delta', { turn: 2, text: 'Half of' }),
      ev('run-status', { status: 'failed', error: { code: 'model_error', message: 'Broke' } }),
    ]);
    expect(failed.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'First.', streaming: false },
      { kind: 'text', key: 'text-2', text: 'Half of', streaming: false, partial: 'failed' },
    ]);
    const stopped = foldRunEvents([
      ev('text-delta', { turn: 1, text: 'Some' }),
      ev('run-status', { status: 'cancelled' }),
    ]);
    expect(stopped.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'Some', streaming: false, partial: 'cancelled' },
    ]);
    // Retried from its checkpoint: queued again, the partial turn said again from the start.
    const resumed = foldRunEvents([
      ev('text-delta', { turn: 1, text: 'First.' }),
      ev('turn-end', { turn: 1 }),
      ev('text-delta', { turn: 2, text: 'Half of' }),
      ev('run-status', { status: 'failed', error: { code: 'run_worker_lost', message: 'Lost' } }),
      ev('run-status', { status: 'queued', reason: 'retry' }),
      ev('turn-restart', { turn: 2, afterSeq: 4 }),
      ev('text-delta', { turn: 2, text: 'All of it.' }),
    ]);
    expect(resumed.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'First.', streaming: false },
      { kind: 'text', key: 'text-2', text: 'All of it.', streaming: true },
    ]);
    expect(foldRunEvents([ev('run-status', { status: 'failed' })]).items).toEqual([]);
  });

  it('O2 a queued run’s place is kept for the status line, not shown as a notice, and dropped once it runs', () => {
    const queued = foldRunEvents([
      ev('run-status', { status: 'queued' }),
      ev('run-notice', {
        message: '2 of your runs are ahead (at most 2 run at once).',
        queue: { reason: 'user_run_limit', runsAhead: 2, limit: 2 },
      }),
    ]);
    expect(queued).toEqual({ items: [], status: 'queued', queue: { runsAhead: 2, limit: 2 } });
    const running = foldRunEvents([
      ev('run-notice', { message: 'ahead', queue: { runsAhead: 1, limit: 1 } }),
      ev('run-status', { status: 'running' }),
    ]);
    expect(running.queue).toBeUndefined();
    // A notice whose place is malformed is an ordinary notice.
    const odd = foldRunEvents([ev('run-notice', { message: 'Odd.', queue: { runsAhead: '2' } })]);
    expect(odd.items).toEqual([{ kind: 'notice', key: 'notice-0', text: 'Odd.' }]);
  });

  it('O2 an administrator’s cancel is told to the run’s user, with what to do, in their language', () => {
    render(
      <AppProviders
        client={createApiClient({ baseUrl: 'http://127.0.0.1:9' })}
        i18n={createI18n('zh')}
        queryClient={createQueryClient()}
      >
        <RunErrorAlert
          error={{ code: 'run_cancelled_by_admin', message: 'An administrator cancelled this run.' }}
        />
      </AppProviders>,
    );
    expect(screen.getByTestId('run-error').textContent).toContain('管理员停止了此运行');
  });

  it('W4 a stored failed run shows the text it did not store, marked; a stopped one marks its last stored text', () => {
    const turns = conversationTurns({
      messages: [
        { role: 'user', content: 'one' },
        { role: 'user', content: 'two' },
        { role: 'assistant', content: 'Stopped half-way' },
        { role: 'user', content: 'three' },
      ],
      messageRunIds: ['r1', 'r2', 'r2', 'r3'],
      runs: [
        runOf('r1', { status: 'failed', partial: { reason: 'failed', text: 'Streamed but not stored' } }),
        runOf('r2', { status: 'cancelled', partial: { reason: 'cancelled', text: null } }),
        runOf('r3', { status: 'failed', partial: { reason: 'failed', text: null } }),
      ],
    });
    expect(turns.map((turn) => turn.items)).toEqual([
      [
        { kind: 'user', key: 'r1-0', text: 'one' },
        {
          kind: 'text',
          key: 'r1-partial',
          text: 'Streamed but not stored',
          streaming: false,
          partial: 'failed',
        },
      ],
      [
        { kind: 'user', key: 'r2-0', text: 'two' },
        { kind: 'text', key: 'r2-1', text: 'Stopped half-way', streaming: false, partial: 'cancelled' },
      ],
      [{ kind: 'user', key: 'r3-0', text: 'three' }],
    ]);
  });
});

/** Answers by method and path; each request is recorded. */
function server(answers: Record<string, (() => Response) | Response[]>) {
  const requests: string[] = [];
  const fetch = async (input: Request) => {
    const key = `${input.method} ${new URL(input.url).pathname}`;
    requests.push(key);
    const answer = answers[key];
    if (answer === undefined) throw new Error(`unexpected ${key}`);
    if (typeof answer === 'function') return answer();
    const next = answer.length > 1 ? answer.shift()! : answer[0]!;
    return next.clone();
  };
  return { requests, fetch };
}

function conversationAnswer(runs: Run[], messages: unknown[] = [], messageRunIds: string[] = []) {
  return Response.json({
    conversation: {
      id: 'c1',
      agentId: 'a1',
      title: 'Chat',
      alwaysAllowedTools: [],
      createdAt: '2026-12-06T04:00:00.000Z',
      updatedAt: '2026-12-06T04:00:00.000Z',
    },
    messages,
    messageRunIds,
    runs,
    approvalDecisions: [],
    subagentCalls: [],
  });
}

const noFiles = () => Response.json({ files: [], truncated: false });

function mount(fake: ReturnType<typeof server>, language: 'en' | 'zh' = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/agents/:agentId/chat/:conversationId',
        element: <ChatConversation agentId="a1" agentName="Helper" conversationId="c1" />,
      },
    ],
    { initialEntries: ['/agents/a1/chat/c1'] },
  );
  render(
    <AppProviders
      client={createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: fake.fetch })}
      i18n={createI18n(language)}
      queryClient={createQueryClient()}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/**
 * A stand-in EventSource: it records what was opened and delivers the events `streams` holds for
 * that address (none by default: most tests here look at stored runs).
 */
class SilentEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: string[] = [];
  static streams = new Map<string, { type: string; data: unknown }[]>();
  readyState = 0;
  onopen = null;
  onerror = null;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    SilentEventSource.opened.push(url);
    setTimeout(() => {
      (SilentEventSource.streams.get(url) ?? []).forEach((event, index) => {
        // A closed source delivers nothing more, as in a browser.
        if (this.readyState === SilentEventSource.CLOSED) return;
        const message = new MessageEvent(event.type, {
          data: JSON.stringify(event.data),
          lastEventId: String(index + 1),
        });
        for (const listener of this.listeners.get(event.type) ?? []) listener(message);
      });
    }, 0);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = SilentEventSource.CLOSED;
  }
}

beforeEach(() => {
  SilentEventSource.opened = [];
  SilentEventSource.streams = new Map();
  vi.stubGlobal('EventSource', SilentEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('W4 Retry in the chat', () => {
  const failedRuns = () => [
    runOf('r1', {
      status: 'failed',
      error: { code: 'model_error', message: 'It broke' },
      partial: { reason: 'failed', text: 'Old half' },
    }),
    runOf('r2', {
      status: 'failed',
      error: { code: 'model_error', message: 'It broke again' },
      partial: { reason: 'failed', text: 'A partial answer' },
    }),
  ];

  it('W4 the latest failed run shows its partial answer marked and a Retry that starts a new run of its message', async () => {
    const retried = runOf('r3', { status: 'queued', prompt: 'prompt of r2', retryOf: 'r2' });
    const fake = server({
      'GET /api/conversations/c1': [
        conversationAnswer(failedRuns()),
        conversationAnswer([...failedRuns(), retried]),
      ],
      'GET /api/conversations': () => Response.json({ conversations: [] }),
      'GET /api/runs/r1/files': noFiles,
      'GET /api/runs/r2/files': noFiles,
      'POST /api/runs/r2/retry': () => Response.json({ run: retried, resumed: false }, { status: 202 }),
    });
    mount(fake);
    const marks = await screen.findAllByTestId('partial-answer');
    expect(marks.map((mark) => mark.textContent)).toEqual([
      'Failed — partial answer',
      'Failed — partial answer',
    ]);
    expect(screen.getByText('A partial answer')).not.toBeNull();
    // Only the latest run is retried: one button, in the last turn.
    const buttons = screen.getAllByTestId('run-retry');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toBe('Retry');
    expect(buttons[0]!.closest('[data-testid="chat-turn"]')?.getAttribute('data-run')).toBe('r2');
    await act(async () => fireEvent.click(buttons[0]!));
    await act(async () => {});
    expect(fake.requests).toContain('POST /api/runs/r2/retry');
    // The new run is followed, and there is nothing to retry while it goes.
    expect(SilentEventSource.opened).toContain('/api/runs/r3/events');
    expect(screen.queryByTestId('run-retry')).toBeNull();
  });

  it('W4 a run that kept its checkpoint offers Resume; a refused retry says why', async () => {
    const fake = server({
      'GET /api/conversations/c1': () =>
        conversationAnswer([
          runOf('r1', {
            status: 'failed',
            error: { code: 'run_worker_lost', message: 'Lost' },
            partial: { reason: 'failed', text: null },
            resumable: true,
          }),
        ]),
      'GET /api/conversations': () => Response.json({ conversations: [] }),
      'GET /api/runs/r1/files': noFiles,
      'POST /api/runs/r1/retry': () =>
        Response.json(
          { error: { code: 'run_not_latest', message: 'Only the conversation’s latest run can be retried' } },
          { status: 409 },
        ),
    });
    mount(fake);
    const button = await screen.findByTestId('run-retry');
    expect(button.textContent).toBe('Resume');
    expect(button.getAttribute('title')).toBe('Goes on from where the run was last saved');
    // A failed run that said nothing has no partial answer to mark.
    expect(screen.queryByTestId('partial-answer')).toBeNull();
    await act(async () => fireEvent.click(button));
    const refusal = await screen.findByTestId('retry-error');
    expect(refusal.textContent).toBe(
      'This run can no longer be retried' +
        'Only the latest answer of a conversation can be retried.' +
        'Only the conversation’s latest run can be retried · run_not_latest',
    );
  });

  it('W4 Resume follows the same run again: its replay goes past its old failure to the resumed answer', async () => {
    const lost = runOf('r1', {
      status: 'failed',
      error: { code: 'run_worker_lost', message: 'Lost' },
      partial: { reason: 'failed', text: 'Half of it' },
      resumable: true,
    });
    const resumed = { ...lost, status: 'queued' as const, error: null, partial: null, resumable: false };
    SilentEventSource.streams.set('/api/runs/r1/events', [
      { type: 'run-status', data: { status: 'running' } },
      { type: 'text-delta', data: { turn: 1, text: 'Half of it' } },
      { type: 'run-status', data: { status: 'failed', error: { code: 'run_worker_lost', message: 'Lost' } } },
      { type: 'run-status', data: { status: 'queued', reason: 'retry' } },
      { type: 'turn-restart', data: { turn: 1, afterSeq: 3 } },
      { type: 'run-status', data: { status: 'running' } },
      { type: 'text-delta', data: { turn: 1, text: 'The whole answer.' } },
    ]);
    const fake = server({
      'GET /api/conversations/c1': [conversationAnswer([lost]), conversationAnswer([resumed])],
      'GET /api/conversations': () => Response.json({ conversations: [] }),
      'GET /api/runs/r1/files': noFiles,
      'POST /api/runs/r1/retry': () => Response.json({ run: resumed, resumed: true }, { status: 202 }),
    });
    mount(fake);
    expect(await screen.findByText('Half of it')).not.toBeNull();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Resume' })));
    expect(await screen.findByText('The whole answer.')).not.toBeNull();
    expect(screen.queryByText('Half of it')).toBeNull();
    expect(screen.queryByTestId('partial-answer')).toBeNull();
    expect(screen.queryByTestId('run-retry')).toBeNull();
    expect(screen.getByTestId('run-status').getAttribute('data-status')).toBe('running');
  });

  it('O2 a queued run’s status line says how many of the reader’s runs are ahead, in their language', async () => {
    SilentEventSource.streams.set('/api/runs/r1/events', [
      { type: 'run-status', data: { status: 'queued' } },
      {
        type: 'run-notice',
        data: {
          message: '2 of your runs are ahead (at most 2 run at once).',
          queue: { reason: 'user_run_limit', runsAhead: 2, limit: 2 },
        },
      },
    ]);
    const fake = server({
      'GET /api/conversations/c1': () => conversationAnswer([runOf('r1', { status: 'queued' })]),
      'GET /api/conversations': () => Response.json({ conversations: [] }),
    });
    mount(fake, 'zh');
    const line = await screen.findByText('等待中：你前面还有 2 个运行（同时最多运行 2 个）…');
    expect(line.closest('[data-testid="run-status"]')?.getAttribute('data-status')).toBe('queued');
    // Said once, on the status line, not again as a notice; nothing to retry while it waits.
    expect(screen.queryByText(/of your runs are ahead/)).toBeNull();
    expect(screen.queryByTestId('run-retry')).toBeNull();
  });

  it('W4 a stopped run is marked and retried in Chinese too', async () => {
    const fake = server({
      'GET /api/conversations/c1': () =>
        conversationAnswer(
          [runOf('r1', { status: 'cancelled', partial: { reason: 'cancelled', text: null } })],
          [
            { role: 'user', content: 'prompt of r1' },
            { role: 'assistant', content: 'Half-said' },
          ],
          ['r1', 'r1'],
        ),
      'GET /api/conversations': () => Response.json({ conversations: [] }),
      'GET /api/runs/r1/files': noFiles,
    });
    mount(fake, 'zh');
    const mark = await screen.findByTestId('partial-answer');
    expect(mark.textContent).toBe('已停止 — 回答不完整');
    expect(mark.getAttribute('data-reason')).toBe('cancelled');
    expect((await screen.findByTestId('run-retry')).textContent).toBe('重试');
  });
});
