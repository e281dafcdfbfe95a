// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BoundSkillHistory } from '../../src/agents/bound-skill-history.js';
import { unwrap } from '../../src/api/api-error.js';
import type { ApiClient, createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { adminApiClient } from '../support/admin-api-client.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

/**
 * The bound skill's history (SPEC Y6, W3) against a real `skilldock serve` (a child process: the
 * server's modules need Node's own module URLs, which happy-dom's environment does not give them),
 * over loopback: release refused
 * while the editor has unsaved edits, release and restore sending the editor's base revision, a
 * 409 shown in the conflict dialog with nothing changed, and delete after a confirmation.
 */
describe('the bound skill history', () => {
  let serve: RunningServe;
  let client: ReturnType<typeof createApiClient>;
  let api: ApiClient;

  /** A new agent with its minimal guide: its id, the bound skill's id and saved revision. */
  async function agentWithGuide(name: string) {
    const { agent } = await unwrap(
      api.POST('/api/agents', {
        body: {
          name,
          description: '',
          systemPrompt: '',
          model: 'inherit',
          skills: [],
          preloadSkills: [],
          tools: [],
          mcpServers: [],
          subagents: [],
          shellNetwork: false,
        },
      }),
    );
    const { boundSkill } = await unwrap(
      api.POST('/api/agents/{id}/bound-skill', { params: { path: { id: agent.id } } }),
    );
    return { agentId: agent.id, skillId: boundSkill.id, revision: boundSkill.revision };
  }

  let created = 0;
  /** Saves a new file into the bound skill (as another editor would) and returns the new revision. */
  async function saveFile(skillId: string, baseRevision: string, content: string) {
    created += 1;
    return (
      await unwrap(
        api.POST('/api/bound-skills/{id}/save', {
          params: { path: { id: skillId } },
          body: { baseRevision, edits: [{ type: 'create', path: `notes-${created}.md`, content }] },
        }),
      )
    ).revision;
  }

  const versionsOf = async (agentId: string) =>
    (await unwrap(api.GET('/api/agents/{id}/bound-skill/versions', { params: { path: { id: agentId } } })))
      .versions;

  function renderHistory(props: {
    agentId: string;
    dirty: boolean;
    baseRevision: string;
    onContentReplaced?: () => Promise<void>;
  }) {
    return render(
      <AppProviders client={client} i18n={createI18n('en')}>
        <BoundSkillHistory
          agentId={props.agentId}
          status={{ dirty: props.dirty, baseRevision: props.baseRevision }}
          readOnly={false}
          onContentReplaced={props.onContentReplaced ?? (async () => {})}
        />
      </AppProviders>,
    );
  }

  beforeAll(async () => {
    serve = await startServe();
    client = await adminApiClient(serve, 'history-admin-pass');
    api = client.api;
  }, 120_000);
  afterEach(cleanup);
  afterAll(async () => {
    await serve?.stop();
  }, 60_000);

  it('Y6 release is disabled, with its reason, while the editor has unsaved edits', async () => {
    const { agentId, revision } = await agentWithGuide('dirty');
    renderHistory({ agentId, dirty: true, baseRevision: revision });
    await screen.findByText('No released versions yet.');
    const release = screen.getByRole('button', { name: 'Release' });
    expect(release).toHaveProperty('disabled', true);
    const reason = screen.getByText('Save or discard your edits before releasing.');
    expect(release.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('Y6 release sends the saved revision: the version lists as current', async () => {
    const { agentId, revision } = await agentWithGuide('release');
    renderHistory({ agentId, dirty: false, baseRevision: revision });
    await screen.findByText('No released versions yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    await screen.findByText('Current');
    const [version] = await versionsOf(agentId);
    expect(version).toMatchObject({ revision, current: true });
    expect(screen.getByText(version!.name)).toBeTruthy();
  });

  it('issue 24 a release note typed beside Release is stored with the version and shown', async () => {
    const { agentId, revision } = await agentWithGuide('noted release');
    renderHistory({ agentId, dirty: false, baseRevision: revision });
    await screen.findByText('No released versions yet.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Release note (optional)' }), {
      target: { value: 'First cut for the team' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    await screen.findByText('First cut for the team');
    const [version] = await versionsOf(agentId);
    expect(version?.note).toBe('First cut for the team');
    expect(screen.getByRole('textbox', { name: 'Release note (optional)' })).toHaveProperty('value', '');
  });

  it('issue 24 two versions compare side by side, file by file, with their release notes', async () => {
    const { agentId, skillId, revision } = await agentWithGuide('compare');
    const release = async (baseRevision: string, note: string) =>
      (
        await unwrap(
          api.POST('/api/agents/{id}/bound-skill/versions', {
            params: { path: { id: agentId } },
            body: { baseRevision, note },
          }),
        )
      ).version.name;
    const older = await release(revision, 'the guide');
    const next = await saveFile(skillId, revision, 'a new line\n');
    const newer = await release(next, 'with notes');
    renderHistory({ agentId, dirty: false, baseRevision: next });
    fireEvent.click(await screen.findByRole('button', { name: 'Compare versions' }));
    const compare = await screen.findByTestId('bound-version-compare');
    expect(within(compare).getByRole('combobox', { name: 'Older version' })).toHaveProperty('value', older);
    expect(within(compare).getByRole('combobox', { name: 'Newer version' })).toHaveProperty('value', newer);
    within(compare).getByText(`${older}: the guide`);
    within(compare).getByText(`${newer}: with notes`);
    // SKILL.md is the same in both; the new file is all added lines.
    await within(compare).findByText('This file is the same in both.', {}, { timeout: 10_000 });
    const file = await within(compare).findByRole('combobox', { name: 'File' });
    const added = [...file.querySelectorAll('option')]
      .map((option) => option.value)
      .find((path) => path.startsWith('notes-'));
    expect(added).toBeDefined();
    fireEvent.change(file, { target: { value: added } });
    const table = await within(compare).findByRole('table', {}, { timeout: 10_000 });
    within(table).getByText('+ a new line');
    within(table).getByRole('columnheader', { name: older });
    within(table).getByRole('columnheader', { name: newer });
  });

  it('Y6 a release from a stale base is a 409 in the conflict dialog, and no version is made', async () => {
    const { agentId, skillId, revision } = await agentWithGuide('stale release');
    await saveFile(skillId, revision, 'saved elsewhere\n');
    let reloads = 0;
    renderHistory({
      agentId,
      dirty: false,
      baseRevision: revision,
      onContentReplaced: async () => {
        reloads += 1;
      },
    });
    await screen.findByText('No released versions yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    const dialog = await screen.findByTestId('history-conflict-dialog');
    within(dialog).getByText(/so nothing was released/);
    expect(await versionsOf(agentId)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(reloads).toBe(1));
  });

  it('Y6 restore asks first (unreleased edits are lost), sends the base revision and reloads the editor', async () => {
    const { agentId, skillId, revision } = await agentWithGuide('restore');
    await unwrap(
      api.POST('/api/agents/{id}/bound-skill/versions', {
        params: { path: { id: agentId } },
        body: { baseRevision: revision },
      }),
    );
    const saved = await saveFile(skillId, revision, 'unreleased\n');
    const [version] = await versionsOf(agentId);
    let reloads = 0;
    renderHistory({
      agentId,
      dirty: false,
      baseRevision: saved,
      onContentReplaced: async () => {
        reloads += 1;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: `Restore ${version!.name}` }));
    const dialog = await screen.findByTestId('restore-dialog');
    within(dialog).getByText(/Unreleased edits .* are lost/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore and lose unreleased edits' }));
    await waitFor(() => expect(reloads).toBe(1));
    const bound = await unwrap(
      api.GET('/api/agents/{id}/bound-skill', { params: { path: { id: agentId } } }),
    );
    expect(bound.boundSkill.revision).toBe(revision);
    await screen.findByText('Current');
  });

  it('Y6 a restore from a stale base changes nothing and shows the conflict dialog', async () => {
    const { agentId, skillId, revision } = await agentWithGuide('stale restore');
    await unwrap(
      api.POST('/api/agents/{id}/bound-skill/versions', {
        params: { path: { id: agentId } },
        body: { baseRevision: revision },
      }),
    );
    const first = await saveFile(skillId, revision, 'mine\n');
    const theirs = await saveFile(skillId, first, 'theirs\n');
    const [version] = await versionsOf(agentId);
    renderHistory({ agentId, dirty: true, baseRevision: first });
    fireEvent.click(await screen.findByRole('button', { name: `Restore ${version!.name}` }));
    fireEvent.click(
      within(await screen.findByTestId('restore-dialog')).getByRole('button', {
        name: 'Restore and lose unreleased edits',
      }),
    );
    const dialog = await screen.findByTestId('history-conflict-dialog');
    within(dialog).getByText(/so nothing was restored/);
    // The editor has unsaved edits: the dialog says reloading drops them.
    within(dialog).getByText('Reloading drops your unsaved edits.');
    const bound = await unwrap(
      api.GET('/api/agents/{id}/bound-skill', { params: { path: { id: agentId } } }),
    );
    expect(bound.boundSkill.revision).toBe(theirs);
  });

  it('Y6 delete removes a version after its confirmation; cancel keeps it', async () => {
    const { agentId, revision } = await agentWithGuide('delete');
    await unwrap(
      api.POST('/api/agents/{id}/bound-skill/versions', {
        params: { path: { id: agentId } },
        body: { baseRevision: revision },
      }),
    );
    const [version] = await versionsOf(agentId);
    renderHistory({ agentId, dirty: false, baseRevision: revision });
    const remove = await screen.findByRole('button', { name: `Delete version ${version!.name}` });
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByTestId('delete-version-dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByTestId('delete-version-dialog')).toBeNull());
    expect(await versionsOf(agentId)).toHaveLength(1);
    fireEvent.click(remove);
    fireEvent.click(
      within(await screen.findByTestId('delete-version-dialog')).getByRole('button', {
        name: 'Delete version',
      }),
    );
    await screen.findByText('No released versions yet.');
    expect(await versionsOf(agentId)).toEqual([]);
  });
});
