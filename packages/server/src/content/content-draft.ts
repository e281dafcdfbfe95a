import path from 'node:path';
import { UserInputError } from '@skilldock/core/errors';
import { isPathInside } from '@skilldock/core/format';
import {
  type DraftFailure,
  type DraftFile,
  DraftStore,
  type InstallDraft,
  type InstallSourceType,
} from '@skilldock/core/install';
import type { ContentLayout } from './content-layout.js';
import { readSkillIndexEntry, type SkillIndexEntry } from './skill-index-entry.js';

/** One skill of a draft that can be confirmed (SPEC P6, Y4). */
export interface ContentDraftSkill {
  /** The install id: the folder name of a personal install, the wanted id of a shared one. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly files: readonly DraftFile[];
  readonly totalBytes: number;
  readonly dependencies: SkillIndexEntry['dependencies'];
  readonly diagnostics: SkillIndexEntry['diagnostics'];
  /** Skipped noise and large files. */
  readonly warnings: readonly string[];
  /** Directory revision of the staged copy (SPEC P1). */
  readonly revision: string;
}

/**
 * A draft as a route returns it and a database row stores it: plain JSON, no absolute path. The
 * staged content lives in `<data>/drafts/<id>/` until it is confirmed, cancelled or expires.
 */
export interface ContentDraft {
  readonly id: string;
  readonly source: {
    readonly type: InstallSourceType;
    /** What the user gave: an upload's file name, a repository, a URL. */
    readonly input: string;
    readonly lockSource: string;
  };
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601; one hour after creation. */
  readonly expiresAt: string;
  readonly skills: readonly ContentDraftSkill[];
  /** What failed to prepare, apart; never confirmable. */
  readonly failed: readonly DraftFailure[];
  readonly warnings: readonly string[];
}

/** The store of the data folder's drafts (core's `DraftStore` on `<data>/drafts`). */
export function draftStore(layout: ContentLayout, now?: () => Date): DraftStore {
  return new DraftStore({ directory: layout.draftsDirectory, ...(now === undefined ? {} : { now }) });
}

/** The serialisable view of a core draft; each staged skill's dependencies read from its SKILL.md. */
export async function summarizeDraft(draft: InstallDraft): Promise<ContentDraft> {
  const skills = await Promise.all(
    draft.skills.map(async (skill): Promise<ContentDraftSkill> => {
      const index = await readSkillIndexEntry(skill.directory);
      return {
        id: skill.id,
        name: skill.name,
        description: skill.description,
        files: skill.files,
        totalBytes: skill.totalBytes,
        dependencies: index.dependencies,
        diagnostics: skill.diagnostics.filter((diagnostic) => diagnostic.code !== 'name_folder_mismatch'),
        warnings: skill.warnings,
        revision: skill.revision,
      };
    }),
  );
  return {
    id: draft.id,
    source: { type: draft.source.type, input: draft.source.input, lockSource: draft.source.lockSource },
    createdAt: draft.createdAt,
    expiresAt: draft.expiresAt,
    skills,
    failed: draft.failed,
    warnings: draft.warnings ?? [],
  };
}

/**
 * {@link summarizeDraft} of a draft just prepared in `store`: one that cannot be summarised (a
 * SKILL.md the index refuses, such as a dependency on an agent-bound skill) is cancelled before
 * the error goes on, so no draft stays staged without a row.
 */
export async function summarizePreparedDraft(store: DraftStore, draft: InstallDraft): Promise<ContentDraft> {
  try {
    return await summarizeDraft(draft);
  } catch (error) {
    await store.cancel(draft.id);
    throw error;
  }
}

/**
 * The draft with this id, as stored in the data folder.
 * @throws UserInputError `draft_not_found` (also for an id that is not a draft id).
 */
export async function loadDraft(layout: ContentLayout, draftId: string): Promise<InstallDraft> {
  const draft = await storedDraft(layout, draftId);
  if (draft !== undefined) return draft;
  throw new UserInputError('draft_not_found', `There is no install draft ${JSON.stringify(draftId)}.`, {
    details: { draftId: String(draftId) },
  });
}

/**
 * The draft with this id as a route shows it, or `undefined` when there is none.
 * @example const draft = await getContentDraft(layout, row.draftId);
 */
export async function getContentDraft(
  layout: ContentLayout,
  draftId: string,
): Promise<ContentDraft | undefined> {
  const draft = await storedDraft(layout, draftId);
  return draft === undefined ? undefined : summarizeDraft(draft);
}

/** The stored draft, unless one of its staged skills lies outside its folder (SEC1: never read from). */
async function storedDraft(layout: ContentLayout, draftId: string): Promise<InstallDraft | undefined> {
  const draft = await draftStore(layout).get(draftId);
  const staged = (directory: string) =>
    path.resolve(directory) !== draft?.stagingDirectory &&
    isPathInside(path.resolve(directory), draft?.stagingDirectory ?? '/nowhere');
  return draft?.skills.every((skill) => staged(skill.directory)) ? draft : undefined;
}

/**
 * Cancels a draft (SPEC P6): its staging folder goes, nothing else is written. Returns whether there
 * was one.
 */
export function cancelContentDraft(layout: ContentLayout, draftId: string): Promise<boolean> {
  return draftStore(layout).cancel(draftId);
}
