import { access, mkdir, readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertDraftUsable } from '../../src/install/assert-draft-usable.js';
import { cancelDraft } from '../../src/install/cancel-draft.js';
import { DraftStore } from '../../src/install/draft-store.js';
import type { InstallDraft } from '../../src/install/install-draft.js';
import { selectDraftSkills } from '../../src/install/select-draft-skills.js';
import { removeTemporaryDirectories, temporaryDirectory, writeSkill } from './sources/install-fixtures.js';

afterAll(removeTemporaryDirectories);

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function sourceWithSkills(): Promise<string> {
  const root = await temporaryDirectory();
  await writeSkill(path.join(root, 'skills', 'pdf'));
  await writeSkill(path.join(root, 'skills', 'docx'));
  await writeSkill(path.join(root, 'skills', 'Broken'), { name: 'Broken' });
  return root;
}

describe('install drafts', () => {
  it('P6 cancel removes the staging folder and writes nothing else', async () => {
    const root = await sourceWithSkills();
    const store = new DraftStore({ directory: await temporaryDirectory('skilldock-staging-') });
    const before = await readdir(root, { recursive: true });
    const draft = await store.prepare(root, { cwd: root });
    expect(await exists(draft.stagingDirectory)).toBe(true);
    await cancelDraft(draft);
    expect(await exists(draft.stagingDirectory)).toBe(false);
    expect(await readdir(store.directory)).toEqual([]);
    expect(await readdir(root, { recursive: true })).toEqual(before);
    await expect(cancelDraft(draft)).resolves.toBeUndefined();
  });

  it('P6 cancel refuses a draft whose staging folder is not its own', async () => {
    const elsewhere = await temporaryDirectory();
    const forged = { id: 'abc', stagingDirectory: elsewhere } as InstallDraft;
    await expect(cancelDraft(forged)).rejects.toMatchObject({ code: 'invalid_draft' });
    expect(await exists(elsewhere)).toBe(true);
  });

  it('P6 a draft expires one hour after it was prepared', async () => {
    const root = await sourceWithSkills();
    let now = new Date('2026-03-01T10:00:00.000Z');
    const store = new DraftStore({
      directory: await temporaryDirectory('skilldock-staging-'),
      now: () => now,
    });
    const draft = await store.prepare(root, { cwd: root });
    expect(draft.expiresAt).toBe('2026-03-01T11:00:00.000Z');
    expect(() => assertDraftUsable(draft, new Date('2026-03-01T10:59:59.999Z'))).not.toThrow();
    expect(() => assertDraftUsable(draft, new Date('2026-03-01T11:00:00.000Z'))).toThrow(
      expect.objectContaining({ code: 'draft_expired' }),
    );
    now = new Date('2026-03-01T10:30:00.000Z');
    expect(await store.sweep()).toEqual([]);
    expect(await exists(draft.stagingDirectory)).toBe(true);
    now = new Date('2026-03-01T11:00:01.000Z');
    expect(await store.sweep()).toEqual([draft.id]);
    expect(await exists(draft.stagingDirectory)).toBe(false);
  });

  it('P6 sweep removes abandoned folders without a draft once they are older than a draft lifetime', async () => {
    const directory = await temporaryDirectory('skilldock-staging-');
    const abandoned = path.join(directory, '00000000-0000-4000-8000-000000000000');
    const unrelated = path.join(directory, 'keep-me');
    await mkdir(abandoned);
    await mkdir(unrelated);
    const old = new Date('2026-03-01T08:00:00.000Z');
    await utimes(abandoned, old, old);
    const store = new DraftStore({ directory, now: () => new Date('2026-03-01T09:30:00.000Z') });
    expect(await store.sweep()).toEqual(['00000000-0000-4000-8000-000000000000']);
    expect(await readdir(directory)).toEqual(['keep-me']);
  });

  it('P6 a store finds a draft by id from disk, as another process would', async () => {
    const root = await sourceWithSkills();
    const directory = await temporaryDirectory('skilldock-staging-');
    const draft = await new DraftStore({ directory }).prepare(root, { cwd: root });
    const other = new DraftStore({ directory });
    expect(await other.get(draft.id)).toEqual(draft);
    expect(await other.get('../../etc')).toBeUndefined();
    expect(await other.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await other.cancel(draft.id)).toBe(true);
    expect(await other.get(draft.id)).toBeUndefined();
    expect(await other.cancel(draft.id)).toBe(false);
  });

  it('P6 failed items are listed apart and can never be selected for confirm', async () => {
    const root = await sourceWithSkills();
    const draft = await new DraftStore({ directory: await temporaryDirectory('skilldock-staging-') }).prepare(
      root,
      // Under the spec profile the upper-case name is an error (lenient installs it as broken/).
      { cwd: root, profile: 'spec' },
    );
    expect(draft.skills.map((skill) => skill.id)).toEqual(['docx', 'pdf']);
    expect(draft.failed.map((failure) => failure.name)).toEqual(['Broken']);
    expect(selectDraftSkills(draft, '*').map((skill) => skill.id)).toEqual(['docx', 'pdf']);
    expect(selectDraftSkills(draft, ['pdf', 'PDF']).map((skill) => skill.id)).toEqual(['pdf']);
    expect(() => selectDraftSkills(draft, ['broken'])).toThrow(
      expect.objectContaining({
        code: 'skill_failed_to_prepare',
        message: expect.stringContaining('failed to prepare'),
      }),
    );
    expect(() => selectDraftSkills(draft, ['xlsx'])).toThrow(
      expect.objectContaining({ code: 'skill_not_in_draft', message: expect.stringContaining('docx, pdf') }),
    );
    expect(() => selectDraftSkills(draft, [])).toThrow(
      expect.objectContaining({ code: 'no_skills_selected' }),
    );
  });
});
