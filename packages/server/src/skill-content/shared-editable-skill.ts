import { SkilldockError } from '@skilldock/core/errors';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.js';
import {
  type ContentLayout,
  packageDirectory,
  revisionConflict,
  type SaveSkillPackageResult,
  saveSkillPackage,
  writeSkillFile,
} from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';
import { commitSkillRevision } from './commit-skill-revision.js';
import { type EditableSkill, editSummary, type SaveOutcome, type SkillHistory } from './editable-skill.js';
import { referencedRevisions } from './referenced-revisions.js';
import {
  assertInHistory,
  hasSkillHistory,
  leaseHistoryRevision,
  listSkillHistory,
  recordSkillRevision,
} from './skill-history.js';
import { skillIndexColumns } from './skill-index-columns.js';
import { currentSkillRevision } from './skill-revision.js';

function outcome(result: SaveSkillPackageResult<void>): SaveOutcome {
  const { revision, baseRevision, changed, index } = result;
  return { revision, baseRevision, changed, index };
}

/** How often {@link currentPackage} follows a skill that keeps moving on before it gives up. */
const MOVED_ON_RETRIES = 3;

/**
 * The package of `revision`, the skill's current one when the caller read its row — or, when a
 * save, restore or delete committed since and pruned that package, of the skill's revision now: a
 * read then shows the content that is current, and a save from the old base is a conflict (409)
 * instead of a missing package (404). A package missing while the row still names it stays an error.
 */
async function currentPackage(
  db: SkilldockDatabase,
  layout: ContentLayout,
  skillId: string,
  revision: string,
): Promise<{ readonly revision: string; readonly directory: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { revision, directory: await packageDirectory(layout, revision) };
    } catch (error) {
      if (
        !SkilldockError.isInstance(error) ||
        error.code !== 'package_not_found' ||
        attempt >= MOVED_ON_RETRIES
      )
        throw error;
      const now = await currentSkillRevision(db, skillId).catch(() => revision);
      if (now === revision) throw error;
      revision = now;
    }
  }
}

/**
 * A shared skill as the edit routes see it: its current package, saved copy-on-write into a new
 * package whose reference is swapped with a compare-and-swap on the row (`commitSkillRevision`).
 */
export async function sharedEditableSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  skillId: string,
  readRevision: string,
): Promise<EditableSkill> {
  const { revision, directory } = await currentPackage(db, layout, skillId, readRevision);
  const referenced = referencedRevisions(db);
  return {
    id: skillId,
    directory,
    currentRevision: async () => revision,
    save: async (baseRevision, edits, actor) =>
      outcome(
        await saveSkillPackage(layout, {
          baseRevision,
          currentRevision: revision,
          edits,
          commit: commitSkillRevision(db, skillId, {
            actor: actor.viewer,
            action: 'skill.saved',
            requestId: actor.requestId,
            details: editSummary(edits),
          }),
          referencedRevisions: referenced,
        }),
      ),
    history: sharedSkillHistory(db, layout, skillId),
    writeFile: async (write, actor) =>
      outcome(
        await writeSkillFile(layout, {
          currentRevision: () => currentSkillRevision(db, skillId),
          path: write.path,
          content: write.content,
          sha256: write.sha256,
          commit: commitSkillRevision(db, skillId, {
            actor: actor.viewer,
            action: 'skill.file_written',
            requestId: actor.requestId,
            details: { path: write.path },
          }),
          referencedRevisions: referenced,
        }),
      ),
  };
}

/**
 * A shared skill's history: a restore needs no copy — the revision is a stored package already — so
 * it leases and verifies that package, then swaps the row's reference with the same compare-and-swap
 * as a save, records the restore in the history and audits it, all in one transaction.
 */
function sharedSkillHistory(db: SkilldockDatabase, layout: ContentLayout, skillId: string): SkillHistory {
  const key = { kind: 'shared', skillId } as const;
  return {
    list: () => listSkillHistory(db, key),
    read: async (revision, work) => {
      await assertInHistory(db, key, revision);
      const { leased } = await leaseHistoryRevision(layout, revision, false);
      try {
        return await work(leased.directory);
      } finally {
        await leased.lease.release();
      }
    },
    restore: async (revision, baseRevision, actor) => {
      await assertInHistory(db, key, revision);
      const current = await currentSkillRevision(db, skillId);
      if (current !== baseRevision) throw revisionConflict(baseRevision, current);
      const { leased, index } = await leaseHistoryRevision(layout, revision, true);
      try {
        if (index === null)
          throw new SkilldockError('skill_history_failed', 'A verified revision has no index');
        if (revision === baseRevision) return { revision, baseRevision, changed: false, index };
        await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ updatedAt: skills.updatedAt })
            .from(skills)
            .where(and(eq(skills.id, skillId), eq(skills.contentRef, baseRevision)));
          const updated = await tx
            .update(skills)
            .set({
              contentRef: revision,
              contentHash: revision,
              ...skillIndexColumns(index),
              updatedAt: new Date(),
            })
            .where(and(eq(skills.id, skillId), eq(skills.contentRef, baseRevision)))
            .returning({ id: skills.id });
          if (updated.length === 0) throw revisionConflict(baseRevision);
          if (!(await hasSkillHistory(tx, key)))
            await recordSkillRevision(tx, key, {
              revision: baseRevision,
              action: 'baseline',
              authorId: null,
              createdAt: before?.updatedAt,
            });
          await recordSkillRevision(tx, key, {
            revision,
            action: 'restored',
            authorId: actor.viewer.id,
          });
          await recordAudit(tx, {
            actor: actor.viewer,
            action: 'skill.revision_restored',
            targetType: 'skill',
            targetId: skillId,
            requestId: actor.requestId,
            details: { baseRevision, revision },
          });
        });
        return { revision, baseRevision, changed: true, index };
      } finally {
        await leased.lease.release();
      }
    },
  };
}
