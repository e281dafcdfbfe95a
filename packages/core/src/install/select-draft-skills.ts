import { UserInputError } from '../errors.js';
import type { DraftSkill, InstallDraft } from './install-draft.js';

/**
 * The prepared skills a confirm may publish (SPEC P6): `'*'` for all of them, or install ids
 * (matched exactly, then case-insensitively against id and name). A skill that failed to prepare can
 * never be selected.
 * @throws UserInputError `skill_failed_to_prepare` (with the reason) or `skill_not_in_draft`
 *   (listing the ids there are), `no_skills_selected` for an empty selection.
 * @example const [pdf] = selectDraftSkills(draft, ['pdf']);
 */
export function selectDraftSkills(draft: InstallDraft, ids: readonly string[] | '*'): DraftSkill[] {
  if (ids === '*') {
    if (draft.skills.length === 0) throw noneSelected(draft);
    return [...draft.skills];
  }
  if (ids.length === 0) throw noneSelected(draft);
  const selected: DraftSkill[] = [];
  for (const id of ids) {
    const lower = id.toLowerCase();
    const skill =
      draft.skills.find((candidate) => candidate.id === id) ??
      draft.skills.find(
        (candidate) => candidate.id.toLowerCase() === lower || candidate.name.toLowerCase() === lower,
      );
    if (skill) {
      if (!selected.includes(skill)) selected.push(skill);
      continue;
    }
    const failure = draft.failed.find(
      (candidate) =>
        candidate.name?.toLowerCase() === lower ||
        candidate.sourcePath.split('/').at(-1)?.toLowerCase() === lower,
    );
    if (failure)
      throw new UserInputError(
        'skill_failed_to_prepare',
        `${id} failed to prepare and cannot be installed: ${failure.message}`,
        { details: { draftId: draft.id, skill: id, reason: failure.code } },
      );
    throw new UserInputError(
      'skill_not_in_draft',
      `The draft has no skill ${id}; it has: ${draft.skills.map((candidate) => candidate.id).join(', ') || 'none'}.`,
      { details: { draftId: draft.id, skill: id, available: draft.skills.map((candidate) => candidate.id) } },
    );
  }
  return selected;
}

function noneSelected(draft: InstallDraft): UserInputError {
  return new UserInputError(
    'no_skills_selected',
    `Nothing to install: the draft ${draft.id} has no skill selected.`,
    {
      details: { draftId: draft.id, failed: draft.failed.length },
    },
  );
}
