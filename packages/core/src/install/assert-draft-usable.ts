import { UserInputError } from '../errors.js';
import type { InstallDraft } from './install-draft.js';

/**
 * Refuses a draft that has expired (SPEC P6: one hour after it was prepared).
 * @throws UserInputError `draft_expired`.
 * @example assertDraftUsable(draft, new Date());
 */
export function assertDraftUsable(draft: InstallDraft, now: Date = new Date()): void {
  if (now.getTime() >= Date.parse(draft.expiresAt))
    throw new UserInputError(
      'draft_expired',
      `The install draft ${draft.id} expired at ${draft.expiresAt}; prepare the install again.`,
      { details: { draftId: draft.id, expiresAt: draft.expiresAt } },
    );
}
