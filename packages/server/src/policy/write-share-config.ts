import { eq } from 'drizzle-orm';
import type { SkilldockTransaction } from '../db/database.js';
import { skillScopeMembers, skills } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { type ShareConfig, type ShareScope, shareConfigProblem } from './share-config.js';

function memberRows(skillId: string, scope: 'read' | 'manage', share: ShareScope) {
  if (share.kind === 'departments') {
    return [...new Set(share.departmentIds)].map((departmentId) => ({
      skillId,
      scope,
      departmentId,
      userId: null,
    }));
  }
  if (share.kind === 'users') {
    return [...new Set(share.userIds)].map((userId) => ({ skillId, scope, departmentId: null, userId }));
  }
  return [];
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
  const problem = shareConfigProblem(config);
  if (problem !== null) throw new HttpError(422, 'invalid_share_scope', `Invalid share scope: ${problem}`);
  await tx
    .update(skills)
    .set({ readScope: config.readScope.kind, manageScope: config.manageScope.kind, updatedAt: new Date() })
    .where(eq(skills.id, skillId));
  await tx.delete(skillScopeMembers).where(eq(skillScopeMembers.skillId, skillId));
  const rows = [
    ...memberRows(skillId, 'read', config.readScope),
    ...memberRows(skillId, 'manage', config.manageScope),
  ];
  if (rows.length > 0) await tx.insert(skillScopeMembers).values(rows);
}
