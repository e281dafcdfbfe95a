import { eq, sql } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { agents } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { canOnAgent } from '../policy/agent-access.js';
import { agentFor, lockAgent } from './agent-for.js';
import { loadAgentRecord } from './agent-records.js';
import { type RemovedBoundSkill, removeAgentBoundSkill } from './remove-agent-bound-skill.js';

/**
 * Deletes the agent `id` with its bound skill and every released version (SPEC Y6) and its
 * `agent.deleted` audit entry, in one transaction holding the agent's row lock; the permission
 * (`delete`: 404 or 403) is checked there, and a built-in agent is a 409 `agent_builtin`. Agents
 * that named it as a subagent forget it. Returns what of the bound skill to prune after the commit.
 */
export async function deleteAgent(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
): Promise<RemovedBoundSkill | null> {
  return db.transaction(async (tx) => {
    await lockAgent(tx, id);
    const record = await loadAgentRecord(tx, id);
    if (record?.access.builtin === true && canOnAgent(actor.viewer, 'read', record.access))
      throw new HttpError(409, 'agent_builtin', 'Built-in agents cannot be deleted');
    await agentFor(tx, actor.viewer, id, 'delete');
    const bound = await removeAgentBoundSkill(tx, id);
    await tx.delete(agents).where(eq(agents.id, id));
    // Agents that named it as a subagent forget it, so no list points at a deleted agent.
    await tx
      .update(agents)
      .set({ subagents: sql`${agents.subagents} - ${id}::text` })
      .where(sql`${agents.subagents} ? ${id}::text`);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'agent.deleted',
      targetType: 'agent',
      targetId: id,
      requestId: actor.requestId,
      details: {
        name: record!.row.name,
        ...(bound === null ? {} : { boundSkillId: bound.skillId, versions: bound.versions }),
      },
    });
    return bound;
  });
}
