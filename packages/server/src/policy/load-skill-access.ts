import { eq } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { skillScopeMembers, skills } from '../db/schema.js';
import type { ShareScope } from './share-config.js';
import type { SkillAccessFacts } from './skill-access.js';

/** The {@link ShareScope} of a row's `kind` column and its scope member rows (skills' or agents'). */
export function scopeOf(
  kind: 'global' | 'departments' | 'users',
  scope: 'read' | 'manage',
  rows: readonly { scope: string; departmentId: string | null; userId: string | null }[],
): ShareScope {
  const mine = rows.filter((row) => row.scope === scope);
  if (kind === 'global') return { kind };
  if (kind === 'departments') {
    return {
      kind,
      departmentIds: mine.flatMap((row) => (row.departmentId === null ? [] : [row.departmentId])).sort(),
    };
  }
  return { kind, userIds: mine.flatMap((row) => (row.userId === null ? [] : [row.userId])).sort() };
}

/** The access facts of the skill `id` from its index row and scope members, or null when there is no such row. */
export async function loadSkillAccess(
  db: SkilldockDatabase | SkilldockTransaction,
  id: string,
): Promise<(SkillAccessFacts & { readonly id: string }) | null> {
  const [row] = await db
    .select({
      id: skills.id,
      kind: skills.kind,
      enabled: skills.enabled,
      ownerId: skills.ownerId,
      readScope: skills.readScope,
      manageScope: skills.manageScope,
    })
    .from(skills)
    .where(eq(skills.id, id));
  if (row === undefined) return null;
  const members = await db
    .select({
      scope: skillScopeMembers.scope,
      departmentId: skillScopeMembers.departmentId,
      userId: skillScopeMembers.userId,
    })
    .from(skillScopeMembers)
    .where(eq(skillScopeMembers.skillId, id));
  return {
    id: row.id,
    kind: row.kind,
    enabled: row.enabled,
    ownerId: row.ownerId,
    readScope: scopeOf(row.readScope, 'read', members),
    manageScope: scopeOf(row.manageScope, 'manage', members),
  };
}
