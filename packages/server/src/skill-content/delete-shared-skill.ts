import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.js';
import type { Viewer } from '../auth/principal.js';
import { type ContentLayout, prunePackages } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { agents, skills } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import type { Logger } from '../logging/logger.js';
import { loadSkillAccess } from '../policy/load-skill-access.js';
import { canOnSkill } from '../policy/skill-access.js';
import { referencedRevisions } from './referenced-revisions.js';
import { forgetSkillHistory } from './skill-history.js';

/** What {@link deleteSharedSkill} did. */
export interface DeletedSharedSkill {
  readonly id: string;
  /** The agents (that the caller may see or not) whose `skills` or `preload_skills` named the skill. */
  readonly agentsUpdated: number;
}

/**
 * Deletes a shared skill (SPEC Y2, Y3: its managers; builtins are disabled, never deleted; a bound
 * skill goes with its agent). In one transaction, with the row locked: refused with 409
 * `skill_has_dependents` while another skill depends on it (the dependents the caller may read are
 * named, the others only counted, so an unreadable skill's id never leaks); the id is taken out of
 * every agent's `skills` list and `preload_skills`; the row goes (its scope members cascade) and
 * the deletion is audited. After the commit its content package is pruned unless a lease or
 * another reference holds it — a failed prune is logged and left to the next full prune.
 * @throws HttpError 404 `not_found` (no such skill, or not readable), 403 `forbidden`, 409 `skill_has_dependents`.
 */
export async function deleteSharedSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  logger: Logger,
  request: { readonly viewer: Viewer; readonly id: string; readonly requestId?: string },
): Promise<DeletedSharedSkill> {
  const { viewer, id } = request;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kind: skills.kind, contentRef: skills.contentRef })
      .from(skills)
      .where(eq(skills.id, id))
      .for('update');
    const access = row === undefined ? null : await loadSkillAccess(tx, id);
    if (
      row === undefined ||
      access === null ||
      access.kind === 'agent-bound' ||
      !canOnSkill(viewer, 'read', access)
    )
      throw new HttpError(404, 'not_found', `No such skill '${id}'`);
    if (!canOnSkill(viewer, 'delete', access)) {
      throw new HttpError(
        403,
        'forbidden',
        access.kind === 'builtin'
          ? `'${id}' is a builtin skill: it can be disabled, never deleted`
          : `You may not delete '${id}'`,
      );
    }
    const dependents = await tx
      .select({ id: skills.id })
      .from(skills)
      .where(sql`${skills.skillDependencies} @> ${JSON.stringify([id])}::jsonb and ${skills.id} <> ${id}`)
      .orderBy(skills.id);
    if (dependents.length > 0) {
      const named: string[] = [];
      for (const dependent of dependents) {
        const facts = await loadSkillAccess(tx, dependent.id);
        if (facts !== null && facts.kind !== 'agent-bound' && canOnSkill(viewer, 'read', facts))
          named.push(dependent.id);
      }
      const hidden = dependents.length - named.length;
      throw new HttpError(
        409,
        'skill_has_dependents',
        `${dependents.length} other skill${dependents.length === 1 ? '' : 's'} depend${dependents.length === 1 ? 's' : ''} on '${id}'${named.length > 0 ? `: ${named.join(', ')}` : ''}${hidden > 0 ? ` (and ${hidden} you cannot see)` : ''}; remove the dependency from ${dependents.length === 1 ? 'it' : 'them'} first`,
        { details: { dependents: named, hiddenDependents: hidden } },
      );
    }
    const updated = await tx
      .update(agents)
      .set({
        skills: sql`case when jsonb_typeof(${agents.skills}) = 'array' then ${agents.skills} - ${id}::text else ${agents.skills} end`,
        preloadSkills: sql`case when jsonb_typeof(${agents.preloadSkills}) = 'array' then ${agents.preloadSkills} - ${id}::text else ${agents.preloadSkills} end`,
        updatedAt: new Date(),
      })
      .where(
        sql`(jsonb_typeof(${agents.skills}) = 'array' and ${agents.skills} ? ${id}::text) or (jsonb_typeof(${agents.preloadSkills}) = 'array' and ${agents.preloadSkills} ? ${id}::text)`,
      )
      .returning({ id: agents.id });
    await tx.delete(skills).where(eq(skills.id, id));
    await forgetSkillHistory(tx, { kind: 'shared', skillId: id });
    await recordAudit(tx, {
      actor: viewer,
      action: 'skill.deleted',
      targetType: 'skill',
      targetId: id,
      details: { agentsUpdated: updated.map((agent) => agent.id).sort() },
      requestId: request.requestId,
    });
    return { contentRef: row.contentRef, agentsUpdated: updated.length };
  });
  if (deleted.contentRef !== null) {
    await prunePackages(layout, referencedRevisions(db), { only: [deleted.contentRef] }).catch(
      (error: unknown) => logger.warn('skill.prune_failed', { skill: id, message: (error as Error).message }),
    );
  }
  return { id, agentsUpdated: deleted.agentsUpdated };
}
