import { eq } from 'drizzle-orm';
import type { SkilldockTransaction } from '../db/database.js';
import { skillScopeMembers, skills } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { type ShareConfig, type ShareScope, shareConfigProblem } from './share-config.js';

/** The scope member rows of one scope (deduplicated), for `skill_scope_members` or `agent_scope_members`. */
export function scopeMemberRows(scope: 'read' | 'manage', share: ShareScope) {
  if (share.kind === 'departments') {
    return [...new Set(share.departmentIds)].map((departmentId) => ({ scope, departmentId, userId: null }));
  }
  if (share.kind === 'users') {
    return [...new Set(share.userIds)].map((userId) => ({ scope, departmentId: null, userId }));
  }
  return [];
}

/** Refuses a share config that breaks manage ⊆ read (SPEC Y3) with a 422 `invalid_share_scope`. */
export function assertShareConfig(config: ShareConfig): void {
  const problem = shareConfigProblem(config);
  if (problem !== null) throw new HttpError(422, 'invalid_share_scope', `Invalid share scope: ${problem}`);
}

/**
 * Replaces a skill's read and manage scopes in the caller's transaction, after checking manage ⊆
 * read (SPEC Y3; a violation is a 422 `invalid_share_scope`). Unknown department or user ids fail
 * on their foreign keys.
 */
export async function writeShareConfig(
  tx: SkilldockTransaction,
  skillId: string,
  config: ShareConfig,
): Promise<void> {
  assertShareConfig(config);
  await tx
    .update(skills)
    .set({ readScope: config.readScope.kind, manageScope: config.manageScope.kind, updatedAt: new Date() })
    .where(eq(skills.id, skillId));
  await tx.delete(skillScopeMembers).where(eq(skillScopeMembers.skillId, skillId));
  const rows = [
    ...scopeMemberRows('read', config.readScope),
    ...scopeMemberRows('manage', config.manageScope),
  ].map((row) => ({ ...row, skillId }));
  if (rows.length > 0) await tx.insert(skillScopeMembers).values(rows);
}
