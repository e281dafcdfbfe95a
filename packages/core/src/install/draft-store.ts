import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { removeInside } from '../fs/remove-inside.js';
import { isSafePathSegment } from '../fs/safe-path-segment.js';
import { cancelDraft } from './cancel-draft.js';
import { isDraftOwnerGone, releaseDraftFolder } from './draft-owner.js';
import { DRAFT_FILE_NAME, DRAFT_LIFETIME_MILLISECONDS, defaultStagingParent } from './draft-staging.js';
import type { InstallDraft, ResolvedSource } from './install-draft.js';
import { type PrepareInstallOptions, prepareInstall } from './prepare-install.js';

/** Where a store keeps drafts and which clock it reads. */
export interface DraftStoreOptions {
  /** The staging parent; default `<tmp>/skilldock-drafts-<uid>`. */
  readonly directory?: string;
  /** Default `new Date()`. */
  readonly now?: () => Date;
}

const DRAFT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The drafts in one staging folder (SPEC P6). Drafts live on disk (`<directory>/<id>/draft.json` next
 * to the staged skills), so a draft prepared by one process can be confirmed or cancelled by another
 * within its hour; `sweep()` removes expired and abandoned ones.
 * @example
 * const store = new DraftStore();
 * const draft = await store.prepare('acme/skills', { cwd });
 * // … later, maybe in another request:
 * const again = await store.get(draft.id);
 */
export class DraftStore {
  readonly directory: string;
  readonly #now: () => Date;

  constructor({ directory = defaultStagingParent(), now = () => new Date() }: DraftStoreOptions = {}) {
    this.directory = path.resolve(directory);
    this.#now = now;
  }

  /** {@link prepareInstall} into this store's folder, on this store's clock. */
  prepare(source: string | ResolvedSource, options: PrepareInstallOptions): Promise<InstallDraft> {
    return prepareInstall(source, {
      now: this.#now,
      ...options,
      stagingParent: this.directory,
      persistent: true,
    });
  }

  /** The draft with this id, or `undefined` when there is none (expired drafts are returned; check them with `assertDraftUsable`). */
  async get(id: string): Promise<InstallDraft | undefined> {
    if (!isSafePathSegment(id) || !DRAFT_ID_PATTERN.test(id)) return undefined;
    try {
      const draft = JSON.parse(
        await readFile(path.join(this.directory, id, DRAFT_FILE_NAME), 'utf8'),
      ) as InstallDraft;
      return draft.id === id && path.dirname(draft.stagingDirectory) === this.directory ? draft : undefined;
    } catch {
      return undefined;
    }
  }

  /** Removes a draft's staging folder; an unknown id is a no-op. Returns whether a draft was removed. */
  async cancel(draftOrId: InstallDraft | string): Promise<boolean> {
    const draft = typeof draftOrId === 'string' ? await this.get(draftOrId) : draftOrId;
    if (!draft) return false;
    await cancelDraft(draft);
    return true;
  }

  /**
   * Removes the staging folders of expired drafts, of drafts whose owning process is gone (an
   * install interrupted by Ctrl-C, SIGKILL or a crash), and folders without a readable draft that
   * are older than a draft's lifetime. Returns the ids removed.
   * @example await new DraftStore().sweep(); // at start-up
   */
  async sweep(): Promise<string[]> {
    const now = this.#now().getTime();
    let entries: Dirent[];
    try {
      entries = await readdir(this.directory, { withFileTypes: true });
    } catch {
      return [];
    }
    const removed: string[] = [];
    const folders = new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
    for (const entry of entries) {
      const owned = /^(.+)\.owner$/.exec(entry.name)?.[1];
      // An owner file whose folder is gone was left by a process killed while cleaning up.
      if (entry.isFile() && owned !== undefined && DRAFT_ID_PATTERN.test(owned) && !folders.has(owned))
        releaseDraftFolder(path.join(this.directory, owned));
      if (!entry.isDirectory() || !DRAFT_ID_PATTERN.test(entry.name)) continue;
      const draft = await this.get(entry.name);
      const folder = path.join(this.directory, entry.name);
      const expired =
        isDraftOwnerGone(folder) ||
        (draft
          ? Date.parse(draft.expiresAt) <= now
          : // Another process may remove its folder at any moment: gone is not expired.
            ((await stat(folder).catch(() => undefined))?.mtimeMs ?? Number.POSITIVE_INFINITY) +
              DRAFT_LIFETIME_MILLISECONDS <=
            now);
      if (!expired) continue;
      await removeInside(folder, this.directory);
      releaseDraftFolder(folder);
      removed.push(entry.name);
    }
    return removed;
  }
}
