import { assertDraftUsable, selectDraftSkills } from '@skilldock/core/install';
import { draftStore, loadDraft } from './content-draft.js';
import type { ContentLayout } from './content-layout.js';
import { nextFreeSkillId } from './next-free-skill-id.js';
import type { ReferencedRevisions } from './prune-packages.js';
import { type PackagePublishFaults, publishPackages } from './publish-packages.js';
import { readSkillIndexEntry, type SkillIndexEntry } from './skill-index-entry.js';

/** One skill of a shared confirm, as the commit inserts it. */
export interface SharedSkillPublication {
  /** The id the row gets: the draft's id, or `-v2`, `-v3`, … when it was taken. */
  readonly id: string;
  /** The id the draft asked for. */
  readonly requestedId: string;
  /** The package's revision: the row's current reference. */
  readonly revision: string;
  readonly index: SkillIndexEntry;
}

/** Options of {@link confirmSharedDraft}. */
export interface ConfirmSharedDraftOptions<T> {
  readonly draftId: string;
  readonly ids: readonly string[] | '*';
  /** Whether a shared (or builtin) skill row already holds this id. */
  readonly isIdTaken: (id: string) => boolean | Promise<boolean>;
  /**
   * Inserts the rows (id, revision, index fields, the scope chosen before confirm, audit) in one
   * transaction. A throw — a unique-key violation from a concurrent confirm included — removes the
   * packages again and keeps the draft, so the confirm can be retried.
   */
  readonly commit: (skills: readonly SharedSkillPublication[]) => Promise<T>;
  readonly referencedRevisions: ReferencedRevisions;
  readonly faults?: PackagePublishFaults;
  readonly now?: Date;
}

/** What {@link confirmSharedDraft} published. */
export interface ConfirmSharedDraftResult<T> {
  readonly skills: readonly SharedSkillPublication[];
  readonly result: T;
  readonly warnings: readonly string[];
}

/**
 * Confirms a draft as shared skills (SPEC Y4, P8): the chosen skills get free ids (`-v2`, `-v3` on a
 * collision), each is written as an immutable package first, then `commit` inserts the rows; a
 * failure anywhere removes every package this confirm wrote. The draft is removed on success.
 * @example
 * await confirmSharedDraft(layout, { draftId, ids: '*', isIdTaken, commit: (skills) => db.insertSkills(skills, scope), referencedRevisions });
 */
export async function confirmSharedDraft<T>(
  layout: ContentLayout,
  options: ConfirmSharedDraftOptions<T>,
): Promise<ConfirmSharedDraftResult<T>> {
  const draft = await loadDraft(layout, options.draftId);
  assertDraftUsable(draft, options.now ?? new Date());
  const skills = selectDraftSkills(draft, options.ids);
  const assigned = new Set<string>();
  const planned: Omit<SharedSkillPublication, 'revision'>[] = [];
  for (const skill of skills) {
    const id = await nextFreeSkillId(
      skill.id,
      async (candidate) => assigned.has(candidate) || options.isIdTaken(candidate),
    );
    assigned.add(id);
    planned.push({ id, requestedId: skill.id, index: await readSkillIndexEntry(skill.directory) });
  }
  let publications: SharedSkillPublication[] = [];
  const published = await publishPackages(layout, {
    sources: skills.map((skill) => skill.directory),
    commit: (revisions) => {
      publications = planned.map((plan, index) => ({ ...plan, revision: revisions[index]! }));
      return options.commit(publications);
    },
    referencedRevisions: options.referencedRevisions,
    ...(options.faults === undefined ? {} : { faults: options.faults }),
  });
  await draftStore(layout).cancel(draft);
  return { skills: publications, result: published.result, warnings: published.warnings };
}
