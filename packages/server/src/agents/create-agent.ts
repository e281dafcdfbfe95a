import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { agents } from '../db/schema.js';
import { assertShareMembersExist } from '../policy/assert-share-members-exist.js';
import { plainShareConfig, type ShareConfig } from '../policy/share-config.js';
import type { AgentConfigColumns } from './agent-config.js';
import { checkAgentConfig } from './check-agent-config.js';
import { writeAgentShareConfig } from './write-agent-share-config.js';

/**
 * Creates the agent `id`, owned by the actor, with its share config and the `agent.created` audit
 * entry, in one transaction (SPEC Y3, Y8, Y14); `checkAgentConfig` refuses what the actor may not
 * save, and a share scope naming unknown departments or users is a 422.
 */
export async function createAgent(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  config: AgentConfigColumns,
  share: ShareConfig,
): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAgentConfig(tx, actor.viewer, config);
    await assertShareMembersExist(tx, share);
    await tx.insert(agents).values({ id, ...config, ownerId: actor.viewer.id });
    await writeAgentShareConfig(tx, id, share);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'agent.created',
      targetType: 'agent',
      targetId: id,
      requestId: actor.requestId,
      details: { name: config.name, share: plainShareConfig(share) },
    });
  });
}
