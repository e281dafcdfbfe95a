import { recordAudit } from '../audit/record-audit.js';
import type { Viewer } from '../auth/principal.js';
import { type ContentDraft, cancelContentDraft, contentLayout } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { insertDraftRow } from './draft-rows.js';
import { withInstallErrorStatus } from './install-error-status.js';

/**
 * Prepares a draft with `prepare` (content on disk) and stores its row for the caller with an
 * audit entry `draft.prepared` (SPEC P6, Y14). When the row cannot be written the staged content
 * is removed again: no draft is ever on disk without its row for longer than the request.
 */
export async function storePreparedDraft(
  db: SkilldockDatabase,
  dataDir: string,
  request: { readonly viewer: Viewer; readonly requestId: string; readonly refusedStatus?: 422 },
  prepare: () => Promise<ContentDraft>,
): Promise<ContentDraft> {
  const draft = await withInstallErrorStatus(prepare, request.refusedStatus);
  try {
    await db.transaction(async (tx) => {
      await insertDraftRow(tx, request.viewer.id, draft);
      await recordAudit(tx, {
        actor: request.viewer,
        action: 'draft.prepared',
        targetType: 'draft',
        targetId: draft.id,
        details: {
          source: draft.source.lockSource,
          sourceType: draft.source.type,
          skills: draft.skills.map((skill) => skill.id),
          failed: draft.failed.length,
        },
        requestId: request.requestId,
      });
    });
  } catch (error) {
    await cancelContentDraft(contentLayout(dataDir), draft.id);
    throw error;
  }
  return draft;
}
