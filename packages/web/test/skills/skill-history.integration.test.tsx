// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/api/api-error.js';
import type { ApiClient, createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { SkillHistoryPanel } from '../../src/skills/skill-history.js';
import { adminApiClient } from '../support/admin-api-client.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

/**
 * The history of shared and personal skills (issue 24 item 3) against a real `skilldock serve`
 * over loopback: the list with author, time and kind of each save, a side-by-side diff of a file
 * between a revision and now, restore after a confirmation sending the editor's base revision, a
 * 409 shown with a reload and nothing changed, no restore for readers, and the Chinese strings.
 */
describe('the skill history panel', () => {
  let serve: RunningServe;
  let client: ReturnType<typeof createApiClient>;
  let api: ApiClient;
  let created = 0;

  /** Installs a SKILL.md (plus notes.md by a save) as a shared or personal skill; returns its id and revision. */
  async function installSkill(target: 'shared' | 'personal') {
    created += 1;
    const name = `history-${target}-${created}`;
    const { draft } = await unwrap(
      api.POST('/api/install/drafts/upload', {
        params: { query: { fileName: 'SKILL.md' } },
        body: new TextEncoder().encode(
          `---\nname: ${name}\ndescription: The ${name} skill. Use it for history tests.\n---\n\nFirst body.\n`,
        ) as never,
        bodySerializer: (body) => body as unknown as BodyInit,
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    const confirmed = await unwrap(
      api.POST('/api/install/drafts/{id}/confirm', {
        params: { path: { id: draft.id } },
        body:
          target === 'shared'
            ? { target, readScope: { kind: 'global' }, manageScope: { kind: 'global' } }
            : { target },
      }),
    );
    const id = confirmed.installed[0]!.id;
    const tree =
      target === 'shared'
        ? await unwrap(api.GET('/api/skills/{id}/tree', { params: { path: { id } } }))
        : await unwrap(api.GET('/api/personal-skills/{id}/tree', { params: { path: { id } } }));
    return { id, revision: tree.revision };
  }

  async function saveSkillMd(kind: 'shared' | 'personal', id: string, baseRevision: string, body: string) {
    const request = { params: { path: { id } }, body: { baseRevision, edits: [] as never[] } };
    const file =
      kind === 'shared'
        ? await unwrap(
            api.GET('/api/skills/{id}/files/{path}', { params: { path: { id, path: 'SKILL.md' } } }),
          )
        : await unwrap(
            api.GET('/api/personal-skills/{id}/files/{path}', { params: { path: { id, path: 'SKILL.md' } } }),
          );
    const edits = [
      {
        type: 'write' as const,
        path: 'SKILL.md',
        content: file.content.replace(/\n\n[\s\S]*$/, `\n\n${body}\n`),
        sha256: file.sha256,
      },
    ];
    const saved =
      kind === 'shared'
        ? await unwrap(api.POST('/api/skills/{id}/save', { ...request, body: { baseRevision, edits } }))
        : await unwrap(
            api.POST('/api/personal-skills/{id}/save', { ...request, body: { baseRevision, edits } }),
          );
    return saved.revision;
  }

  function renderPanel(props: {
    kind: 'shared' | 'personal';
    id: string;
    baseRevision: string;
    dirty?: boolean;
    readOnly?: boolean;
    language?: 'en' | 'zh';
    onContentReplaced?: () => Promise<void>;
  }) {
    return render(
      <AppProviders client={client} i18n={createI18n(props.language ?? 'en')}>
        <SkillHistoryPanel
          kind={props.kind}
          id={props.id}
          status={{ dirty: props.dirty ?? false, baseRevision: props.baseRevision }}
          readOnly={props.readOnly ?? false}
          onContentReplaced={props.onContentReplaced ?? (async () => {})}
        />
      </AppProviders>,
    );
  }

  beforeAll(async () => {
    serve = await startServe();
    client = await adminApiClient(serve, 'skill-history-pass');
    api = client.api;
  }, 120_000);
  afterEach(cleanup);
  afterAll(async () => {
    await serve?.stop();
  }, 60_000);

  it('lists every save newest first and compares a revision with now, side by side', async () => {
    const { id, revision } = await installSkill('shared');
    const second = await saveSkillMd('shared', id, revision, 'Second body.');
    const third = await saveSkillMd('shared', id, second, 'Third body.');
    renderPanel({ kind: 'shared', id, baseRevision: third });
    const list = await screen.findByRole('list', { name: 'History' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-revision'))).toEqual([third, second, revision]);
    within(items[0]!).getByText('Current');
    within(items[2]!).getByText('Before the first recorded save');
    within(items[1]!).getByText('Saved');
    within(items[2]!).getByText(/^Unknown author · /);
    // The current revision has nothing to compare or restore.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    const short = revision.slice('sha256:'.length, 'sha256:'.length + 12);
    const compare = within(items[2]!).getByRole('button', {
      name: `Compare revision ${short} with the current content`,
    });
    fireEvent.click(compare);
    expect(compare.getAttribute('aria-pressed')).toBe('true');
    const diff = await screen.findByRole('table', { name: `Revision ${short} compared with now` });
    await within(diff).findByText('- First body.');
    within(diff).getByText('+ Third body.');
    const headers = within(diff)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([`Revision ${short}`, 'Now']);
    // The removed and added lines face each other in one row.
    const row = within(diff).getByText('- First body.').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.className),
    ).toEqual(['side-diff-removed', 'side-diff-added']);
  });

  it('restore asks first, sends the base revision and reloads the editor; the list shows the restore', async () => {
    const { id, revision } = await installSkill('personal');
    const saved = await saveSkillMd('personal', id, revision, 'Edited body.');
    let reloads = 0;
    renderPanel({
      kind: 'personal',
      id,
      baseRevision: saved,
      onContentReplaced: async () => {
        reloads += 1;
      },
    });
    const short = revision.slice('sha256:'.length, 'sha256:'.length + 12);
    fireEvent.click(await screen.findByRole('button', { name: `Restore revision ${short}` }));
    const dialog = await screen.findByTestId('restore-revision-dialog');
    within(dialog).getByText(/Unsaved edits in the editor are lost/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore and lose unsaved edits' }));
    await waitFor(() => expect(reloads).toBe(1));
    const tree = await unwrap(api.GET('/api/personal-skills/{id}/tree', { params: { path: { id } } }));
    expect(tree.revision).toBe(revision);
    await screen.findByText('Restored');
  });

  it('a restore from a stale base changes nothing and says so, with a reload', async () => {
    const { id, revision } = await installSkill('shared');
    const mine = await saveSkillMd('shared', id, revision, 'Mine.');
    const theirs = await saveSkillMd('shared', id, mine, 'Theirs.');
    let reloads = 0;
    renderPanel({
      kind: 'shared',
      id,
      baseRevision: mine,
      dirty: true,
      onContentReplaced: async () => {
        reloads += 1;
      },
    });
    const short = revision.slice('sha256:'.length, 'sha256:'.length + 12);
    fireEvent.click(await screen.findByRole('button', { name: `Restore revision ${short}` }));
    fireEvent.click(
      within(await screen.findByTestId('restore-revision-dialog')).getByRole('button', {
        name: 'Restore and lose unsaved edits',
      }),
    );
    const alert = await screen.findByTestId('history-conflict');
    within(alert).getByText(/so nothing was restored/);
    within(alert).getByText('Reloading drops your unsaved edits.');
    const tree = await unwrap(api.GET('/api/skills/{id}/tree', { params: { path: { id } } }));
    expect(tree.revision).toBe(theirs);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(reloads).toBe(1));
  });

  it('a reader compares but has no restore; the panel speaks Chinese', async () => {
    const { id, revision } = await installSkill('shared');
    await saveSkillMd('shared', id, revision, 'Later.');
    renderPanel({ kind: 'shared', id, baseRevision: revision, readOnly: true, language: 'zh' });
    const list = await screen.findByRole('list', { name: '历史' });
    const older = within(list).getAllByRole('listitem')[1]!;
    within(older).getByText('首次记录保存之前');
    expect(
      within(older)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['比较']);
  });
});
