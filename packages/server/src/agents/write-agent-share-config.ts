import { eq } from 'drizzle-orm';
import type { SkilldockTransaction } from '../db/database.js';
import { agentScopeMembers, agents } from '../db/schema.js';
import type { ShareConfig } from '../policy/share-config.js';
import { assertShareConfig, scopeMemberRows } from '../policy/write-share-config.js';

/**
 * Replaces an agent's read and manage scopes in the caller's transaction, after checking manage ⊆
 * read (SPEC Y3; else 422 `invalid_share_scope`) — the agent twin of `writeShareConfig`.
 */
export async function writeAgentShareConfig(
  tx: SkilldockTransaction,
  agentId: string,
  config: ShareConfig,
): Promise<void> {
  assertShareConfig(config);
  await tx
    .update(agents)
    .set({ readScope: config.readScope.kind, manageScope: config.manageScope.kind, updatedAt: new Date() })
    .where(eq(agents.id, agentId));
  await tx.delete(agentScopeMembers).where(eq(agentScopeMembers.agentId, agentId));
  const rows = [
    ...scopeMemberRows('read', config.readScope),
    ...scopeMemberRows('manage', config.manageScope),
  ].map((row) => ({ ...row, agentId }));
  if (rows.length > 0) await tx.insert(agentScopeMembers).values(rows);
}
