// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { DeleteSkillDialog } from '../../src/skills/delete-skill-dialog.js';

/** The server's answers, in order, as `DELETE` gets them; each request is recorded. */
function answering(...answers: Response[]) {
  const requests: { method: string; url: string }[] = [];
  const fetch = async (input: Request) => {
    requests.push({ method: input.method, url: new URL(input.url).pathname });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no more answers');
    return answer;
  };
  return { requests, fetch };
}

function mount(kind: 'shared' | 'personal', server: ReturnType<typeof answering>) {
  let closed = 0;
  render(
    <AppProviders
      client={createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: server.fetch })}
      i18n={createI18n('en')}
      queryClient={createQueryClient()}
    >
      <DeleteSkillDialog
        skill={{ id: 'glossary', name: 'Team glossary', kind }}
        onClose={() => (closed += 1)}
      />
    </AppProviders>,
  );
  return { closed: () => closed };
}

afterEach(cleanup);

describe('Y2 deleting a skill asks first', () => {
  it('Y2 a refusal because other skills depend on it is shown with its meaning; a later delete closes', async () => {
    const server = answering(
      Response.json(
        { error: { code: 'skill_has_dependents', message: "1 other skill depends on 'glossary': report" } },
        { status: 409 },
      ),
      new Response(null, { status: 204 }),
    );
    const dialog = mount('shared', server);
    expect(screen.getByText('Delete Team glossary?')).not.toBeNull();
    expect(screen.getByText(/The shared skill glossary will be deleted for everyone/)).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Other skills depend on it');
    expect(alert.textContent).toContain("1 other skill depends on 'glossary': report");
    expect(dialog.closed()).toBe(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await act(async () => {});
    expect(dialog.closed()).toBe(1);
    expect(server.requests).toEqual([
      { method: 'DELETE', url: '/api/skills/glossary' },
      { method: 'DELETE', url: '/api/skills/glossary' },
    ]);
  });

  it('Y2 a personal skill goes through its own route; another refusal has no heading; cancel sends nothing', async () => {
    const server = answering(
      Response.json({ error: { code: 'forbidden', message: 'You may not delete it' } }, { status: 403 }),
    );
    const dialog = mount('personal', server);
    expect(screen.getByText('Your personal skill glossary will be deleted.')).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You may not do this. Ask an admin if you need access.You may not delete it · forbidden',
    );
    expect(server.requests).toEqual([{ method: 'DELETE', url: '/api/me/skills/glossary' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog.closed()).toBe(1);
    expect(server.requests).toHaveLength(1);
  });
});
