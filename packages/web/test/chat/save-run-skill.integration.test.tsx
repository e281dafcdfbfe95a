// @vitest-environment happy-dom
/**
 * "Save as personal skill" (issue 24 item 3) against a real `skilldock serve` over loopback: a run
 * of the fake model writes two skill folders with `write_file`; the run's files offer the button
 * beside each SKILL.md only; saving the valid one shows a link to the new skill, saving the invalid
 * one shows why with the SKILL.md's diagnostics, saving again says the skill exists — in English
 * and Chinese.
 */
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/api/api-error.js';
import type { ApiClient, createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { RunFiles } from '../../src/chat/run-files.js';
import { skillFolderOf } from '../../src/chat/save-run-skill.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { adminApiClient } from '../support/admin-api-client.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const MINUTES_SKILL =
  '---\nname: minutes\ndescription: Writes meeting minutes. Use it after a meeting.\n---\n# Minutes\n\nList decisions first.\n';
const BROKEN_SKILL = '---\nname: broken\ndescription: [unclosed\n---\n# Broken\n';

/** The fake model: one turn writing the two skill folders and a report, then a closing answer. */
function script(request: RecordedRequest) {
  const messages = (request.body as { messages: { role: string }[] }).messages;
  if (messages.some((message) => message.role === 'tool')) return { text: 'Both skills are written.' };
  return {
    toolCalls: [
      { name: 'write_file', arguments: { path: 'minutes/SKILL.md', content: MINUTES_SKILL } },
      { name: 'write_file', arguments: { path: 'broken/SKILL.md', content: BROKEN_SKILL } },
      { name: 'write_file', arguments: { path: 'notes.md', content: '# Notes\n' } },
    ],
  };
}

describe('skillFolderOf', () => {
  it('names the folder of a SKILL.md and nothing else', () => {
    expect(skillFolderOf('minutes/SKILL.md')).toBe('minutes');
    expect(skillFolderOf('a/b/SKILL.md')).toBe('a/b');
    expect(skillFolderOf('SKILL.md')).toBe('');
    expect(skillFolderOf('minutes/skill.md')).toBeUndefined();
    expect(skillFolderOf('notes.md')).toBeUndefined();
    expect(skillFolderOf('SKILL.md/readme.txt')).toBeUndefined();
  });
});

describe('Save as personal skill in the run files', () => {
  let serve: RunningServe;
  let model: FakeModelServer;
  let client: ReturnType<typeof createApiClient>;
  let api: ApiClient;
  let runId: string;

  function renderFiles(language: 'en' | 'zh' = 'en') {
    const router = createMemoryRouter([{ path: '/chat', element: <RunFiles runId={runId} /> }], {
      initialEntries: ['/chat'],
    });
    return render(
      <AppProviders client={client} i18n={createI18n(language)}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  beforeAll(async () => {
    [serve, model] = await Promise.all([startServe(), startFakeModelServer({ script })]);
    client = await adminApiClient(serve, 'save-skill-pass');
    api = client.api;
    await unwrap(
      api.POST('/api/admin/model-providers', {
        body: {
          id: 'fake',
          protocol: 'openai',
          baseUrl: model.openaiBaseUrl,
          models: ['fake-model'],
          defaultModel: 'fake-model',
        } as never,
      }),
    );
    const { agent } = await unwrap(
      api.POST('/api/agents', {
        body: { name: 'Skill maker', model: 'fake:fake-model', tools: ['write_file'] } as never,
      }),
    );
    const { conversation } = await unwrap(api.POST('/api/conversations', { body: { agentId: agent.id } }));
    const started = await unwrap(
      api.POST('/api/conversations/{id}/runs', {
        params: { path: { id: conversation.id } },
        body: { prompt: 'Write me two skills' },
      }),
    );
    runId = started.run.id;
    // write_file asks first: allow each call, then wait for the run to finish.
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const { run } = await unwrap(api.GET('/api/runs/{id}', { params: { path: { id: runId } } }));
      if (run.status === 'completed') break;
      if (run.status === 'failed' || run.status === 'cancelled')
        throw new Error(`the run ended ${run.status}: ${JSON.stringify(run.error)}`);
      for (const approval of run.pendingApprovals)
        await unwrap(
          api.POST('/api/runs/{id}/approvals/{toolCallId}', {
            params: { path: { id: runId, toolCallId: approval.toolCallId } },
            body: { decision: 'allow' },
          }),
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);
  afterEach(cleanup);
  afterAll(async () => {
    await Promise.all([serve?.stop(), model?.close()]);
  }, 60_000);

  it('offers the button beside each SKILL.md only; saving shows a link to the new skill', async () => {
    renderFiles();
    const files = await screen.findByTestId('run-files', {}, { timeout: 10_000 });
    const buttons = within(files).getAllByRole('button', { name: /as a personal skill$/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Save broken as a personal skill',
      'Save minutes as a personal skill',
    ]);
    within(files).getByText('notes.md');
    fireEvent.click(within(files).getByRole('button', { name: 'Save minutes as a personal skill' }));
    await within(files).findByText('Saved as your skill minutes.', {}, { timeout: 20_000 });
    const link = within(files).getByRole('link', { name: 'Open minutes' });
    expect(link.getAttribute('href')).toBe('/my-skills/minutes');
    expect(within(files).queryByRole('button', { name: 'Save minutes as a personal skill' })).toBeNull();
    const mine = await unwrap(api.GET('/api/me/skills'));
    expect(mine.skills.map((skill) => skill.id)).toContain('minutes');
  }, 60_000);

  it('an invalid SKILL.md says why with its diagnostics; a second save says the skill exists', async () => {
    renderFiles();
    const files = await screen.findByTestId('run-files', {}, { timeout: 10_000 });
    fireEvent.click(within(files).getByRole('button', { name: 'Save broken as a personal skill' }));
    const refused = await within(files).findByRole('alert', {}, { timeout: 20_000 });
    within(refused).getByText(/The SKILL.md of this folder is not valid/);
    expect(refused.textContent).toMatch(/SKILL\.md:\d+/);

    fireEvent.click(within(files).getByRole('button', { name: 'Save minutes as a personal skill' }));
    await within(files).findByText(
      "You already have a personal skill minutes. Change the name in this folder's SKILL.md, or rename or delete your skill, then save again.",
      {},
      { timeout: 20_000 },
    );
    // The server's own words stay below, as detail.
    within(files).getByText(
      /^You already have a personal skill minutes\. Change the name in the folder’s SKILL\.md/,
    );
  }, 60_000);

  it('speaks Chinese to a Chinese reader', async () => {
    renderFiles('zh');
    const files = await screen.findByTestId('run-files', {}, { timeout: 10_000 });
    fireEvent.click(within(files).getByRole('button', { name: '将 minutes 保存为个人技能' }));
    await within(files).findByText(/^你已有个人技能 minutes。/, {}, { timeout: 20_000 });
  }, 60_000);
});
