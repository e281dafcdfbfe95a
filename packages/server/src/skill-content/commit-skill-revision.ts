import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.js';
import type { Viewer } from '../auth/principal.js';
import { revisionConflict, type SavedSkillContent } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';
import { hasSkillHistory, recordSkillRevision } from './skill-history.js';
import { skillIndexColumns } from './skill-index-columns.js';

/** What one committed save records in the audit log (SPEC Y14). */
export interface SkillChangeAudit {
  readonly actor: Viewer;
  readonly action: string;
  readonly requestId: string;
  readonly details: Record<string, unknown>;
}

/**
 * The commit of a shared skill's save (content/README.md, SPEC Y5, P8): one transaction that swaps
 * the row's `content_ref` from the save's base to its new revision — `WHERE id = $id AND
 * content_ref = $base`, so of concurrent saves from one base exactly one updates a row — syncs
 * name, description, version and dependencies from the saved SKILL.md, records the revision in a
 * shared skill's history (the replaced content first, as its `baseline`, when the history is still
 * empty; agent-bound skills have released versions instead) and writes the audit entry.
 * When no row was updated the save lost: `revisionConflict` is thrown and the content layer removes
 * the new package.
 */
export function commitSkillRevision(
  db: SkilldockDatabase,
  skillId: string,
  audit: SkillChangeAudit,
): (saved: SavedSkillContent) => Promise<void> {
  return (saved) =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ updatedAt: skills.updatedAt, kind: skills.kind })
        .from(skills)
        .where(and(eq(skills.id, skillId), eq(skills.contentRef, saved.baseRevision)));
      const updated = await tx
        .update(skills)
        .set({
          contentRef: saved.revision,
          contentHash: saved.revision,
          ...skillIndexColumns(saved.index),
          updatedAt: new Date(),
        })
        .where(and(eq(skills.id, skillId), eq(skills.contentRef, saved.baseRevision)))
        .returning({ id: skills.id });
      if (updated.length === 0) throw revisionConflict(saved.baseRevision);
      // Agent-bound skills keep released versions instead (SPEC Y6): only shared skills record saves.
      if (before?.kind === 'shared') {
        const key = { kind: 'shared', skillId } as const;
        if (!(await hasSkillHistory(tx, key)))
          await recordSkillRevision(tx, key, {
            revision: saved.baseRevision,
            action: 'baseline',
            authorId: null,
            createdAt: before.updatedAt,
          });
        await recordSkillRevision(tx, key, {
          revision: saved.revision,
          action: 'saved',
          authorId: audit.actor.id,
        });
      }
      await recordAudit(tx, {
        actor: audit.actor,
        action: audit.action,
        targetType: 'skill',
        targetId: skillId,
        requestId: audit.requestId,
        details: { ...audit.details, baseRevision: saved.baseRevision, revision: saved.revision },
      });
    });
}
