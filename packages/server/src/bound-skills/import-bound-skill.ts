import {
  type ContentLayout,
  type ContentUpload,
  cancelContentDraft,
  loadDraft,
  newBoundSkillId,
  prepareUploadDraft,
} from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { withInstallErrorStatus } from '../install/install-error-status.js';
import { refuseSecretFiles } from '../install/refuse-secret-files.js';
import type { BoundSkillActor } from './bound-skill-actor.js';
import type { BoundSkillRow } from './bound-skill-records.js';
import { createBoundSkill } from './create-bound-skill.js';

/**
 * Imports an upload as an agent's bound skill, the first time only (SPEC Y15): the bytes go through
 * the install upload's checks — `prepareUploadDraft` (P3: size before a byte is written, traversal,
 * links, special entries, bombs) and `refuseSecretFiles` — answered 413/422 like an install upload;
 * it must hold exactly one skill (422 `bound_skill_import_invalid`). The draft is never stored as a
 * row and is removed whatever happens. A later import is a 409 `bound_skill_exists`, content kept.
 */
export async function importBoundSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  options: { readonly agentId: string; readonly upload: ContentUpload; readonly actor: BoundSkillActor },
): Promise<BoundSkillRow> {
  const draft = await withInstallErrorStatus(async () => {
    const prepared = await prepareUploadDraft(layout, options.upload);
    await refuseSecretFiles(layout.dataDirectory, prepared);
    return prepared;
  }, 422);
  try {
    if (draft.skills.length !== 1 || draft.failed.length > 0) {
      const [failure] = draft.failed;
      throw new HttpError(
        422,
        'bound_skill_import_invalid',
        failure === undefined
          ? `A bound skill imports exactly one skill; the upload holds ${draft.skills.length}.`
          : `The upload's skill cannot be imported: ${failure.message}`,
        {
          details: {
            skills: draft.skills.map((skill) => skill.id).slice(0, 20),
            failed: draft.failed.slice(0, 20).map((each) => ({
              sourcePath: each.sourcePath,
              code: each.code,
              message: each.message,
              diagnostics: each.diagnostics,
            })),
          },
        },
      );
    }
    const staged = (await loadDraft(layout, draft.id)).skills[0]!;
    return await withInstallErrorStatus(
      () =>
        createBoundSkill(db, layout, {
          agentId: options.agentId,
          skillId: newBoundSkillId(),
          source: staged.directory,
          origin: 'import',
          actor: options.actor,
        }),
      422,
    );
  } finally {
    await cancelContentDraft(layout, draft.id);
  }
}
