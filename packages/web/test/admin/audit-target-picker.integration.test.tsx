// @vitest-environment happy-dom
/**
 * The audit log's target picked by name (issue 24 item 2, SPEC Y14) against a real `skilldock
 * serve` over loopback: users, shared skills and agents are offered by name in a search box, and
 * picking one filters the log to that target — no id typed.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/api/api-error.js';
import type { ApiClient, createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { AuditSection } from '../../src/pages/admin/audit-section.js';
import { auditTargetOptions, targetOfValue, targetValue } from '../../src/pages/admin/audit-target-picker.js';
import { adminApiClient } from '../support/admin-api-client.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const GROUPS = { user: 'Users', skill: 'Skills', agent: 'Agents' } as const;

describe('the audit target options', () => {
  it('Y14 groups targets by kind, sorts them by name and tells equal names apart by id', () => {
    expect(
      auditTargetOptions(
        [
          { type: 'agent', id: 'a2', name: 'Helper' },
          { type: 'user', id: 'u1', name: 'uma' },
          { type: 'agent', id: 'a1', name: 'Helper' },
          { type: 'agent', id: 'a3', name: 'Archivist' },
        ],
        GROUPS,
      ),
    ).toEqual([
      { group: 'Users', items: [{ value: 'user:u1', label: 'uma' }] },
      {
        group: 'Agents',
        items: [
          { value: 'agent:a3', label: 'Archivist' },
          { value: 'agent:a1', label: 'Helper (a1)' },
          { value: 'agent:a2', label: 'Helper (a2)' },
        ],
      },
    ]);
  });

  it('Y14 a picked value splits at its first colon; none clears both', () => {
    expect(targetOfValue(targetValue('skill', 'pdf:v2'))).toEqual({
      targetType: 'skill',
      targetId: 'pdf:v2',
    });
    expect(targetOfValue(null)).toEqual({ targetType: '', targetId: '' });
    expect(targetOfValue('no-colon')).toEqual({ targetType: '', targetId: '' });
  });
});

describe('the audit log filtered by a target picked by name', () => {
  let serve: RunningServe;
  let client: ReturnType<typeof createApiClient>;
  let api: ApiClient;
  let helperId: string;

  beforeAll(async () => {
    serve = await startServe();
    client = await adminApiClient(serve, 'audit-picker-pass');
    api = client.api;
    await unwrap(
      api.POST('/api/admin/users', { body: { username: 'uma', password: 'a-user-password-12' } as never }),
    );
    const made = await unwrap(api.POST('/api/agents', { body: { name: 'Helper' } as never }));
    helperId = made.agent.id;
    await unwrap(api.POST('/api/agents', { body: { name: 'Archivist' } as never }));
    const form = new FormData();
    const skill =
      '---\nname: meeting-notes\ndescription: Takes meeting notes. Use it in meetings.\n---\n# Notes\n';
    form.append('file', new File([skill], 'SKILL.md', { type: 'text/markdown' }), 'SKILL.md');
    const { draft } = await unwrap(
      api.POST('/api/install/drafts/upload', {
        body: form as never,
        bodySerializer: (body) => body as unknown as FormData,
      }),
    );
    await unwrap(
      api.POST('/api/install/drafts/{id}/confirm', {
        params: { path: { id: draft.id } },
        body: { target: 'shared', readScope: { kind: 'global' }, manageScope: { kind: 'global' } } as never,
      }),
    );
  }, 120_000);
  afterEach(cleanup);
  afterAll(async () => {
    await serve?.stop();
  }, 60_000);

  it('Y14 users, skills and agents are offered by name; picking the agent Helper shows only its entries', async () => {
    render(
      <AppProviders client={client} i18n={createI18n('en')}>
        <AuditSection />
      </AppProviders>,
    );
    const table = await screen.findByTestId('audit-table', {}, { timeout: 10_000 });
    await within(table)
      .findAllByText(/^user /, {}, { timeout: 10_000 })
      .catch(() => undefined);
    const picker = screen.getByLabelText('Target', { selector: 'input' });
    fireEvent.click(picker);
    // happy-dom runs no CSS transition: the opened list's options count as hidden.
    await waitFor(() => expect(picker.getAttribute('aria-controls')).toBeTruthy());
    const list = () => document.getElementById(picker.getAttribute('aria-controls')!)!;
    // Every kind is offered by name once the names have loaded.
    await waitFor(() => within(list()).getByRole('option', { name: 'Archivist', hidden: true }), {
      timeout: 10_000,
    });
    within(list()).getByRole('option', { name: 'uma', hidden: true });
    within(list()).getByRole('option', { name: 'meeting-notes', hidden: true });
    expect(
      within(list())
        .getAllByText(/^(Users|Skills|Agents)$/)
        .map((group) => group.textContent),
    ).toEqual(['Users', 'Skills', 'Agents']);
    // (Typing in the search box narrows them in a browser; happy-dom does not keep a search value.)
    const option = within(list()).getByRole('option', { name: 'Helper', hidden: true });
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(option);
    expect(screen.getByLabelText('Target type', { selector: 'input' })).toHaveProperty('value', 'agent');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(
      () => {
        const rows = within(screen.getByTestId('audit-table')).getAllByRole('row').slice(1);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.querySelector('td[title]')?.getAttribute('title')).toBe(helperId);
      },
      { timeout: 10_000 },
    );
    const listed = await unwrap(
      api.GET('/api/admin/audit', { params: { query: { targetType: 'agent', targetId: helperId } } }),
    );
    expect(within(screen.getByTestId('audit-table')).getAllByRole('row').length - 1).toBe(
      listed.entries.length,
    );
  }, 60_000);
});
