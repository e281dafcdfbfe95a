import { agentFor, lockAgent } from '../agents/agent-for.js';
import { recordAudit } from '../audit/record-audit.js';
import { revisionConflict } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { boundSkillVersions } from '../db/schema.js';
import type { BoundSkillActor } from './bound-skill-actor.js';
import { boundSkillNotFound } from './bound-skill-errors.js';
import { type BoundSkillVersionRow, loadBoundSkillOfAgent, lockBoundSkill } from './bound-skill-records.js';
import { versionName } from './version-name.js';

/** Options of {@link releaseBoundSkillVersion}. */
export interface ReleaseBoundSkillVersionOptions {
  readonly agentId: string;
  /**
   * The saved revision the editor shows (what it loaded or last saved). The server holds no
   * unsaved edits: an editor with unsaved changes, or one that has not seen a save made since, has
   * a base other than the saved revision, and its release is refused (409 `revision_conflict`).
   */
  readonly baseRevision: string;
  readonly note?: string;
  readonly actor: BoundSkillActor;
  /** The clock of the version's name (Beijing date); default now. */
  readonly now?: Date;
}

/**
 * Releases the saved content of an agent's bound skill as a version `YYYYMMDD-<8 hex>` (SPEC Y6).
 * A version references the immutable package the skill already points at — no byte is copied —
 * and keeps it from pruning. One transaction holds the agent's and the skill's row locks, re-checks
 * that the actor may edit the agent, refuses a base that is not the saved revision (so a save
 * racing the release either lands first and the release is a 409, or waits until the version
 * row protects its package), inserts the row and writes `bound_skill.version_released`.
 */
export async function releaseBoundSkillVersion(
  db: SkilldockDatabase,
  options: ReleaseBoundSkillVersionOptions,
): Promise<BoundSkillVersionRow> {
  const { agentId, baseRevision, actor } = options;
  return db.transaction(async (tx) => {
    await lockAgent(tx, agentId);
    await agentFor(tx, actor.viewer, agentId, 'edit');
    const found = await loadBoundSkillOfAgent(tx, agentId);
    const skill = found === null ? null : await lockBoundSkill(tx, found.id);
    if (skill === null || skill.contentRef === null) throw boundSkillNotFound(agentId);
    if (skill.contentRef !== baseRevision) throw revisionConflict(baseRevision, skill.contentRef);
    const [version] = await tx
      .insert(boundSkillVersions)
      .values({
        skillId: skill.id,
        name: versionName(options.now ?? new Date()),
        revision: skill.contentRef,
        note: options.note ?? '',
        createdBy: actor.viewer.id,
      })
      .returning();
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'bound_skill.version_released',
      targetType: 'skill',
      targetId: skill.id,
      requestId: actor.requestId,
      details: { agentId, version: version!.name, revision: version!.revision },
    });
    return version!;
  });
}
