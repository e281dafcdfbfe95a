// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/api/api-error.js';
import type { ApiClient, createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { NewSkillModal } from '../../src/skills/new-skill-modal.js';
import { adminApiClient } from '../support/admin-api-client.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

function Opened() {
  return <p>opened {useParams().id}</p>;
}

/**
 * "New skill" (issue 24 item 3) against a real `skilldock serve` over loopback: the generated
 * SKILL.md checked live (the id shown, pinyin for a Chinese name; the validator's errors shown and
 * Create disabled), then created as a personal skill through the draft flow and opened.
 */
describe('the new skill form', () => {
  let serve: RunningServe;
  let client: ReturnType<typeof createApiClient>;
  let api: ApiClient;

  function renderForm(language: 'en' | 'zh' = 'en') {
    const router = createMemoryRouter(
      [
        { path: '/skills', element: <NewSkillModal onClose={() => {}} /> },
        { path: '/my-skills/:id', element: <Opened /> },
      ],
      { initialEntries: ['/skills'] },
    );
    return render(
      <AppProviders client={client} i18n={createI18n(language)}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  beforeAll(async () => {
    serve = await startServe();
    client = await adminApiClient(serve, 'new-skill-pass');
    api = client.api;
  }, 120_000);
  afterEach(cleanup);
  afterAll(async () => {
    await serve?.stop();
  }, 60_000);

  it('a Chinese name gets its pinyin id live, and Create makes the personal skill and opens it', async () => {
    renderForm();
    const dialog = await screen.findByTestId('new-skill-modal');
    const create = within(dialog).getByRole('button', { name: 'Create skill' });
    expect(create).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: '文档整理' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Description/ }), {
      target: { value: 'Tidies documents. Use it before sending a report.' },
    });
    const check = within(dialog).getByTestId('new-skill-check');
    await within(check).findByText('wen-dang-zheng-li', {}, { timeout: 10_000 });
    within(check).getByText('The SKILL.md is valid.');
    expect(create).toHaveProperty('disabled', false);
    fireEvent.click(create);
    await screen.findByText('opened wen-dang-zheng-li', {}, { timeout: 10_000 });
    const file = await unwrap(
      api.GET('/api/personal-skills/{id}/files/{path}', {
        params: { path: { id: 'wen-dang-zheng-li', path: 'SKILL.md' } },
      }),
    );
    expect(file.content).toContain('name: "文档整理"');
    expect(file.content).toContain('description: "Tidies documents. Use it before sending a report."');
  });

  it("the validator's diagnostics are shown live; an id I already have is refused with the server's reason", async () => {
    renderForm();
    const dialog = await screen.findByTestId('new-skill-modal');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'a<b>' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Description/ }), {
      target: { value: 'Angle brackets in the name.' },
    });
    const check = within(dialog).getByTestId('new-skill-check');
    const diagnostics = await within(check).findByRole('list', { name: 'Diagnostics' });
    within(diagnostics).getByText('warning');
    expect(within(check).queryByText('The SKILL.md is valid.')).toBeNull();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: '文档整理' },
    });
    await within(check).findByText('wen-dang-zheng-li', {}, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create skill' }));
    const refused = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
    expect(refused.textContent).toMatch(/wen-dang-zheng-li/);
  });

  it('speaks Chinese', async () => {
    renderForm('zh');
    const dialog = await screen.findByTestId('new-skill-modal');
    within(dialog).getByRole('button', { name: '创建技能' });
    within(dialog).getByRole('textbox', { name: /名称/ });
  });
});
