import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { agents } from '../db/schema.js';
import { type AgentConfig, type AgentConfigColumns, agentConfigOf } from './agent-config.js';
import { agentFor, lockAgent } from './agent-for.js';
import { checkAgentConfig } from './check-agent-config.js';

/**
 * Applies `patch` to the agent `id` with its `agent.updated` audit entry (the changed fields), in
 * one transaction holding the agent's row lock; the permission (`edit`: 404 or 403) is checked
 * there, and `checkAgentConfig` refuses what the actor may not save.
 */
export async function updateAgent(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  patch: Partial<AgentConfigColumns>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAgent(tx, id);
    const { row } = await agentFor(tx, actor.viewer, id, 'edit');
    const previous = agentConfigOf(row);
    const next: AgentConfig = { ...previous, ...patch };
    await checkAgentConfig(tx, actor.viewer, next, { ...previous, id });
    await tx
      .update(agents)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(agents.id, id));
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'agent.updated',
      targetType: 'agent',
      targetId: id,
      requestId: actor.requestId,
      details: { fields: Object.keys(patch).sort() },
    });
  });
}
