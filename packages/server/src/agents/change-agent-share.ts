import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { assertShareMembersExist } from '../policy/assert-share-members-exist.js';
import { plainShareConfig, type ShareConfig } from '../policy/share-config.js';
import { agentFor, lockAgent } from './agent-for.js';
import { writeAgentShareConfig } from './write-agent-share-config.js';

/**
 * Replaces the read and manage scopes of the agent `id` (SPEC Y3, Y14) in one transaction holding
 * the agent's row lock, re-checking there that the actor may share it (404 or 403). The
 * `agent.share_changed` audit entry records the scopes before and after.
 */
export async function changeAgentShare(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  config: ShareConfig,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAgent(tx, id);
    const before = plainShareConfig((await agentFor(tx, actor.viewer, id, 'share')).access);
    await assertShareMembersExist(tx, config);
    await writeAgentShareConfig(tx, id, config);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'agent.share_changed',
      targetType: 'agent',
      targetId: id,
      requestId: actor.requestId,
      details: { before, after: config },
    });
  });
}
