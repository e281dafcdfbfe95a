import { SkilldockError } from '@skilldock/core/errors';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { and, eq } from 'drizzle-orm';
import { agentFor, lockAgent } from '../agents/agent-for.js';
import { recordAudit } from '../audit/record-audit.js';
import {
  type ContentLayout,
  type LeasedPackage,
  leaseStoredPackage,
  prunePackages,
  readSkillIndexEntry,
  revisionConflict,
  type SkillIndexEntry,
} from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { resolveAgentSkills } from '../policy/resolve-agent-skills.js';
import { referencedRevisions } from '../skill-content/referenced-revisions.js';
import { skillIndexColumns } from '../skill-content/skill-index-columns.js';
import { publicErrorMessage } from '../text/public-error-message.js';
import type { BoundSkillActor } from './bound-skill-actor.js';
import { boundSkillNotFound, versionNotFound } from './bound-skill-errors.js';
import { loadBoundSkillOfAgent, loadBoundSkillVersion, lockBoundSkill } from './bound-skill-records.js';

/** The steps of a restore, in order; a fault hook may fail any of them (tests of SPEC Y6). */
export type RestoreStep =
  /** Lease the version's package, so no prune removes it meanwhile. */
  | 'lease'
  /** Hash the package against its revision and read its SKILL.md. */
  | 'verify'
  /** The transaction that checks the dependencies' permissions and swaps the reference. */
  | 'commit'
  /** Inside that transaction, after the swap, before its audit entry: a failure rolls the swap back. */
  | 'audit'
  /** Release the lease and prune what is no longer referenced (a failure is only a warning). */
  | 'prune';

/** Test hook: `before` runs before each step and may throw to interrupt the restore there. */
export interface RestoreFaults {
  before(step: RestoreStep): void | Promise<void>;
}

/** Options of {@link restoreBoundSkillVersion}. */
export interface RestoreBoundSkillVersionOptions {
  readonly agentId: string;
  readonly name: string;
  /** The revision the editor shows; anything else saved since is a 409 `revision_conflict`. */
  readonly baseRevision: string;
  readonly actor: BoundSkillActor;
  readonly faults?: RestoreFaults;
}

/** What a restore did. */
export interface RestoreResult {
  readonly revision: string;
  readonly baseRevision: string;
  /** False when the version was the current content already (nothing written). */
  readonly changed: boolean;
  readonly index: SkillIndexEntry;
  readonly warnings: readonly string[];
}

function snapshotCorrupt(name: string, revision: string, reason: string, cause?: unknown): HttpError {
  return new HttpError(
    422,
    'snapshot_corrupt',
    `The version ${name} cannot be restored: ${reason}. The current content is unchanged.`,
    { details: { name, revision }, ...(cause === undefined ? {} : { cause }) },
  );
}

async function verifySnapshot(
  leased: LeasedPackage,
  name: string,
  revision: string,
): Promise<SkillIndexEntry> {
  let actual: string;
  try {
    actual = await computeDirectoryRevision(leased.directory);
  } catch (error) {
    throw snapshotCorrupt(name, revision, (error as Error).message, error);
  }
  if (actual !== revision) throw snapshotCorrupt(name, revision, 'its files no longer hash to its revision');
  try {
    return await readSkillIndexEntry(leased.directory);
  } catch (error) {
    throw snapshotCorrupt(name, revision, (error as Error).message, error);
  }
}

/**
 * Restores a released version of an agent's bound skill (SPEC Y6): every file and the dependencies
 * become the version's, and no new version is made. Checked first: the actor may edit the agent,
 * the editor's base is the saved revision, the version's package is stored, unlinked and hashes to
 * its revision, its SKILL.md loads, and the actor may read every skill it depends on (422
 * `restore_dependency_refused` otherwise). The swap is one compare-and-swap of the row's reference
 * in the transaction that re-checks all of that under the agent's and the skill's row locks, so an
 * interruption at any step leaves the old content current and served — there is nothing to copy or
 * half-write, since a version is an immutable package already.
 */
export async function restoreBoundSkillVersion(
  db: SkilldockDatabase,
  layout: ContentLayout,
  options: RestoreBoundSkillVersionOptions,
): Promise<RestoreResult> {
  const { agentId, name, baseRevision, actor, faults } = options;
  await agentFor(db, actor.viewer, agentId, 'edit');
  const skill = await loadBoundSkillOfAgent(db, agentId);
  if (skill === null || skill.contentRef === null) throw boundSkillNotFound(agentId);
  const version = await loadBoundSkillVersion(db, skill.id, name);
  if (version === null) throw versionNotFound(name);
  if (skill.contentRef !== baseRevision) throw revisionConflict(baseRevision, skill.contentRef);
  await faults?.before('lease');
  const leased = await leaseStoredPackage(layout, version.revision).catch((error: unknown) => {
    if (SkilldockError.isInstance(error))
      throw snapshotCorrupt(name, version.revision, 'its package is missing or not a folder', error);
    throw error;
  });
  const warnings: string[] = [];
  try {
    await faults?.before('verify');
    const index = await verifySnapshot(leased, name, version.revision);
    await faults?.before('commit');
    const changed = await db.transaction(async (tx) => {
      await lockAgent(tx, agentId);
      await agentFor(tx, actor.viewer, agentId, 'edit');
      const current = await lockBoundSkill(tx, skill.id);
      if (current === null || current.contentRef === null) throw boundSkillNotFound(agentId);
      if ((await loadBoundSkillVersion(tx, skill.id, name)) === null) throw versionNotFound(name);
      if (current.contentRef !== baseRevision) throw revisionConflict(baseRevision, current.contentRef);
      const { refused } = await resolveAgentSkills(tx, actor.viewer, index.dependencies.skills);
      if (refused.length > 0)
        throw new HttpError(
          422,
          'restore_dependency_refused',
          'The version depends on skills that do not exist or that you may not read; nothing was restored',
          { details: { name, skillIds: refused } },
        );
      if (version.revision === baseRevision) return false;
      await tx
        .update(skills)
        .set({
          contentRef: version.revision,
          contentHash: version.revision,
          ...skillIndexColumns(index),
          updatedAt: new Date(),
        })
        .where(and(eq(skills.id, skill.id), eq(skills.contentRef, baseRevision)));
      await faults?.before('audit');
      await recordAudit(tx, {
        actor: actor.viewer,
        action: 'bound_skill.version_restored',
        targetType: 'skill',
        targetId: skill.id,
        requestId: actor.requestId,
        details: { agentId, version: name, baseRevision, revision: version.revision },
      });
      return true;
    });
    return { revision: version.revision, baseRevision, changed, index, warnings };
  } finally {
    await leased.lease.release();
    try {
      await faults?.before('prune');
      // The version's package, and the replaced content once nothing references it.
      await prunePackages(layout, referencedRevisions(db), { only: [version.revision, baseRevision] });
    } catch (error) {
      warnings.push(`Unreferenced packages were not pruned: ${publicErrorMessage(error)}`);
    }
  }
}
