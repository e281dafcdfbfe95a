// @vitest-environment happy-dom
/**
 * "Attach a ZIP at agent creation" (issue 24 item 5) against a real `skilldock serve` over
 * loopback: a ZIP chosen in the new-agent form becomes the new agent's bound skill; a refused ZIP
 * leaves no agent behind and says why, in the reader's language.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { NewAgentModal } from '../../src/agents/new-agent-modal.js';
import { unwrap } from '../../src/api/api-error.js';
import type { ApiClient, createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { adminApiClient } from '../support/admin-api-client.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

// happy-dom has no FontFaceSet; Mantine's autosizing textarea (the description) listens to it.
if ((document as { fonts?: unknown }).fonts === undefined)
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });

/** A ZIP of `entries` (name → text). */
async function zipOf(entries: Record<string, string>): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

function Opened() {
  return <p>agent page {useParams().id}</p>;
}

describe('the new agent form with a ZIP', () => {
  let serve: RunningServe;
  let client: ReturnType<typeof createApiClient>;
  let api: ApiClient;

  function renderForm(language: 'en' | 'zh' = 'en') {
    const router = createMemoryRouter(
      [
        { path: '/agents', element: <NewAgentModal onClose={() => {}} /> },
        { path: '/agents/:id', element: <Opened /> },
      ],
      { initialEntries: ['/agents'] },
    );
    return render(
      <AppProviders client={client} i18n={createI18n(language)}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  async function fillAndCreate(name: string, file: File, createLabel: string) {
    fireEvent.change(await screen.findByRole('textbox', { name: /Name|名称/ }), { target: { value: name } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    fireEvent.change(input!, { target: { files: [file] } });
    await screen.findByText(file.name);
    // Create is enabled once the tool list (the new agent's standard tools) has arrived.
    const create = screen.getByRole('button', { name: createLabel }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
  }

  const agentNames = async () => (await unwrap(api.GET('/api/agents'))).agents.map((agent) => agent.name);

  beforeAll(async () => {
    serve = await startServe();
    client = await adminApiClient(serve, 'new-agent-zip-pass');
    api = client.api;
  }, 120_000);
  afterEach(cleanup);
  afterAll(async () => {
    await serve?.stop();
  }, 60_000);

  it('W3 the chosen ZIP becomes the new agent’s bound skill, and the agent page opens', async () => {
    renderForm();
    const bytes = await zipOf({
      'triage/SKILL.md':
        '---\nname: triage\ndescription: Sorts incoming tickets. Use it on new tickets.\n---\n# Triage\n',
      'triage/rules.md': '# Rules\n',
    });
    await fillAndCreate(
      'Ticket triager',
      new File([bytes], 'triage.zip', { type: 'application/zip' }),
      'Create agent',
    );
    const opened = await screen.findByText(/^agent page /, {}, { timeout: 20_000 });
    const agentId = opened.textContent!.replace('agent page ', '');
    const { boundSkill } = await unwrap(
      api.GET('/api/agents/{id}/bound-skill', { params: { path: { id: agentId } } }),
    );
    const tree = await unwrap(
      api.GET('/api/bound-skills/{id}/tree', { params: { path: { id: boundSkill.id } } }),
    );
    expect(tree.entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(['SKILL.md', 'rules.md']));
  }, 60_000);

  it('W3 a refused ZIP leaves no agent behind and shows why; the form stays open', async () => {
    renderForm();
    const bytes = await zipOf({ 'notes/readme.txt': 'no skill here\n' });
    await fillAndCreate(
      'Half made',
      new File([bytes], 'notes.zip', { type: 'application/zip' }),
      'Create agent',
    );
    const refused = await screen.findByRole('alert', {}, { timeout: 20_000 });
    within(refused).getByText('The ZIP was refused');
    within(refused).getByText('Nothing was created: fix the ZIP or remove it, then create the agent again.');
    expect(screen.queryByText(/^agent page /)).toBeNull();
    expect(await agentNames()).not.toContain('Half made');
  }, 60_000);

  it('W3 says it in Chinese to a Chinese reader', async () => {
    renderForm('zh');
    await fillAndCreate(
      '半成品',
      new File(['not a zip'], 'bad.zip', { type: 'application/zip' }),
      '创建智能体',
    );
    const refused = await screen.findByRole('alert', {}, { timeout: 20_000 });
    within(refused).getByText('ZIP 被拒绝');
    within(refused).getByText('未创建任何内容：请修正或移除 ZIP，然后重新创建智能体。');
    expect(await agentNames()).not.toContain('半成品');
  }, 60_000);
});
