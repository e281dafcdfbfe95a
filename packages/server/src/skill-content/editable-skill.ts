import type { Viewer } from '../auth/principal.js';
import type { EditContent, SkillEdit, SkillIndexEntry } from '../content/index.js';
import type { SkillRevisionEntry } from './skill-history.js';

/** What a save of a skill's content did (the new revision, or the base when nothing changed). */
export interface SaveOutcome {
  readonly revision: string;
  readonly baseRevision: string;
  readonly changed: boolean;
  readonly index: SkillIndexEntry;
}

/** Who saves, for the audit entry (SPEC Y14). */
export interface SaveActor {
  readonly viewer: Viewer;
  readonly requestId: string;
}

/** A single-file write (SPEC Y5): checked against that file's SHA-256 only. */
export interface FileWrite {
  readonly path: string;
  readonly content: EditContent;
  readonly sha256: string;
}

/**
 * A skill whose content the caller may work on, shared (a package with a row) or personal (a
 * folder in the caller's workspace): where its files are now, its revision, and how to save it.
 * The edit routes are written once against this.
 */
export interface EditableSkill {
  readonly id: string;
  /** The folder of the current content (read-only for a package). */
  readonly directory: string;
  /**
   * The revision of the content at `directory`: known for a package; a personal folder is hashed
   * only when asked (a save checks its own base under the skill's lock and never needs it).
   */
  currentRevision(): Promise<string>;
  /** One save: every edit, from the revision the editor loaded; any concurrent change is a 409 with nothing written. */
  save(baseRevision: string, edits: readonly SkillEdit[], actor: SaveActor): Promise<SaveOutcome>;
  writeFile(write: FileWrite, actor: SaveActor): Promise<SaveOutcome>;
  /** The saved revisions (shared and personal skills; builtins have none). */
  readonly history?: SkillHistory;
}

/**
 * A skill's history (issue 24 item 3): its recorded revisions, the files of one of them, and a
 * restore that makes one of them current again as a new revision (stale base → 409, audited).
 */
export interface SkillHistory {
  list(): Promise<SkillRevisionEntry[]>;
  /** Runs `work` on the stored folder of `revision` (one of the history's), held from pruning meanwhile. */
  read<T>(revision: string, work: (directory: string) => Promise<T>): Promise<T>;
  restore(revision: string, baseRevision: string, actor: SaveActor): Promise<SaveOutcome>;
}

/** The audit details of a save: the kind and paths of each edit, never file contents. */
export function editSummary(edits: readonly SkillEdit[]): Record<string, unknown> {
  return {
    edits: edits
      .slice(0, 100)
      .map((edit) =>
        edit.type === 'rename'
          ? { type: edit.type, from: edit.from, to: edit.to }
          : edit.type === 'dependencies'
            ? { type: edit.type }
            : { type: edit.type, path: edit.path },
      ),
    editCount: edits.length,
  };
}
