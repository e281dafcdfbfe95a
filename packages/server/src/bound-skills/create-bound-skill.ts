import { ConflictError } from '@skilldock/core/errors';
import { eq } from 'drizzle-orm';
import { agentFor, lockAgent } from '../agents/agent-for.js';
import { recordAudit } from '../audit/record-audit.js';
import {
  type ContentLayout,
  type PackagePublishFaults,
  publishPackages,
  readSkillIndexEntry,
} from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { agents, skills } from '../db/schema.js';
import { referencedRevisions } from '../skill-content/referenced-revisions.js';
import { skillIndexColumns } from '../skill-content/skill-index-columns.js';
import type { BoundSkillActor } from './bound-skill-actor.js';
import { type BoundSkillRow, loadBoundSkillOfAgent } from './bound-skill-records.js';
import '../error-codes.js';

/** Options of {@link createBoundSkill}. */
export interface CreateBoundSkillOptions {
  readonly agentId: string;
  /** `self-<8 hex>`. */
  readonly skillId: string;
  /** The folder whose content becomes the skill (a work folder or an upload's staged skill). */
  readonly source: string;
  /** How the content came: the minimal guide, or an imported upload (for the audit entry). */
  readonly origin: 'guide' | 'import';
  readonly actor: BoundSkillActor;
  readonly faults?: PackagePublishFaults;
}

/** The 409 of a second create or import: the agent already has its bound skill, whose content stays. */
export function boundSkillExists(agentId: string, skillId: string | null): ConflictError {
  return new ConflictError(
    'bound_skill_exists',
    'This agent already has its bound skill; an upload imports only the first time. Edit the skill instead.',
    { details: { agentId, ...(skillId === null ? {} : { skillId }) } },
  );
}

/**
 * Gives an agent its bound skill (SPEC Y2, Y6, Y15): the content is published as an immutable
 * package, then one transaction — holding the agent's row lock and re-checking that the actor may
 * edit the agent and that it has no bound skill yet — inserts the `agent-bound` row (owned like
 * the agent, no scope of its own), points the agent at it and writes `agent.bound_skill_created`.
 * A second create or import is a 409 `bound_skill_exists` that leaves the first content as it
 * was; any failure removes the package again.
 */
export async function createBoundSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  options: CreateBoundSkillOptions,
): Promise<BoundSkillRow> {
  const { agentId, skillId, actor } = options;
  const index = await readSkillIndexEntry(options.source);
  await publishPackages(layout, {
    sources: [options.source],
    referencedRevisions: referencedRevisions(db),
    ...(options.faults === undefined ? {} : { faults: options.faults }),
    commit: ([revision]) =>
      db.transaction(async (tx) => {
        await lockAgent(tx, agentId);
        const { row: agent } = await agentFor(tx, actor.viewer, agentId, 'edit');
        const existing = await loadBoundSkillOfAgent(tx, agentId);
        if (agent.boundSkillId !== null || existing !== null)
          throw boundSkillExists(agentId, agent.boundSkillId ?? existing?.id ?? null);
        await tx.insert(skills).values({
          id: skillId,
          kind: 'agent-bound',
          ...skillIndexColumns(index),
          ownerId: agent.ownerId,
          agentId,
          contentRef: revision!,
          contentHash: revision!,
          readScope: 'users',
          manageScope: 'users',
        });
        await tx
          .update(agents)
          .set({ boundSkillId: skillId, updatedAt: new Date() })
          .where(eq(agents.id, agentId));
        await recordAudit(tx, {
          actor: actor.viewer,
          action: 'agent.bound_skill_created',
          targetType: 'agent',
          targetId: agentId,
          requestId: actor.requestId,
          details: { skillId, origin: options.origin, revision },
        });
      }),
  });
  return (await loadBoundSkillOfAgent(db, agentId))!;
}
