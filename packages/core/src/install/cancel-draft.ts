import path from 'node:path';
import { SecurityError } from '../errors.js';
import { removeInside } from '../fs/remove-inside.js';
import { isSafePathSegment } from '../fs/safe-path-segment.js';
import { releaseDraftFolder } from './draft-owner.js';
import type { InstallDraft } from './install-draft.js';

/**
 * Cancels a draft (SPEC P6): removes its staging folder and writes nothing else. Cancelling twice,
 * or after a confirm has removed the folder, is harmless.
 * @throws SecurityError `invalid_draft` when the staging folder is not named after the draft id
 *   (a forged draft must never point the removal elsewhere).
 */
export async function cancelDraft(draft: InstallDraft): Promise<void> {
  if (
    !isSafePathSegment(draft.id) ||
    !path.isAbsolute(draft.stagingDirectory) ||
    path.basename(draft.stagingDirectory) !== draft.id
  )
    throw new SecurityError('invalid_draft', `Draft ${draft.id} does not own ${draft.stagingDirectory}.`, {
      details: { path: draft.stagingDirectory },
    });
  await removeInside(draft.stagingDirectory, path.dirname(draft.stagingDirectory));
  releaseDraftFolder(draft.stagingDirectory);
}
