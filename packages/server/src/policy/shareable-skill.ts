import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { loadSkillAccess } from './load-skill-access.js';
import { canOnSkill } from './skill-access.js';

/**
 * The skill's access facts when the viewer may share it (SPEC Y3): 404 `not_found` when it cannot
 * read it (or it is agent-bound, or there is none), 403 `forbidden` when it may read it only.
 */
export async function shareableSkill(
  db: SkilldockDatabase | SkilldockTransaction,
  viewer: Viewer,
  id: string,
) {
  const access = await loadSkillAccess(db, id);
  if (access === null || access.kind === 'agent-bound' || !canOnSkill(viewer, 'read', access))
    throw new HttpError(404, 'not_found', 'No such skill');
  if (!canOnSkill(viewer, 'share', access))
    throw new HttpError(403, 'forbidden', 'You may not change who can read or manage this skill');
  return access;
}
