import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';

/** One row of the "skills I can read" listing. */
export interface ReadableSkill {
  readonly id: string;
  readonly kind: 'builtin' | 'shared';
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly enabled: boolean;
  /** True when the viewer may also manage it (edit, share, toggle or delete). */
  readonly manageable: boolean;
}

/** SQL: the skill row `s` has `scope` ('read' | 'manage') including the user `userId` (SPEC Y3). */
function scopeIncludesSql(column: SQL, scope: 'read' | 'manage', userId: string): SQL {
  return sql`(${column} = 'global'
    or (${column} = 'users' and exists (
      select 1 from skill_scope_members m
      where m.skill_id = s.id and m.scope = ${scope} and m.user_id = ${userId}))
    or (${column} = 'departments' and exists (
      select 1 from skill_scope_members m join memberships mb on mb.department_id = m.department_id
      where m.skill_id = s.id and m.scope = ${scope} and mb.user_id = ${userId})))`;
}

/**
 * "Skills I can read" as one SQL query (SPEC Y3), the listing twin of `canOnSkill(viewer, 'read')`
 * (the permission-matrix test holds the two to the same answers). Builtin and shared skills only:
 * agent-bound skills are reached through their agent and never listed. Sorted by id.
 * @example const readable = await listReadableSkills(db, viewer);
 */
export async function listReadableSkills(
  db: SkilldockDatabase | SkilldockTransaction,
  viewer: Viewer,
): Promise<ReadableSkill[]> {
  const inRead = scopeIncludesSql(sql.raw('s.read_scope'), 'read', viewer.id);
  const inManage = scopeIncludesSql(sql.raw('s.manage_scope'), 'manage', viewer.id);
  const adminManages = sql`(${viewer.role} = 'admin' and s.kind = 'shared'
    and (s.owner_id = ${viewer.id} or (${inRead} and ${inManage})))`;
  const superadmin = sql`${viewer.role} = 'superadmin'`;
  const manageable = sql`((${superadmin} and s.kind = 'shared') or ${adminManages}
    or (${superadmin} and s.kind = 'builtin'))`;
  const result = await db.execute(sql`
    select s.id, s.kind, s.name, s.description, s.version, s.enabled, ${manageable} as manageable
    from skills s
    where s.kind in ('builtin', 'shared')
      and (${superadmin} or (s.enabled and ${inRead}) or ${adminManages})
    order by s.id`);
  return (result as unknown as { rows: ReadableSkill[] }).rows.map((row) => ({
    ...row,
    manageable: Boolean(row.manageable),
  }));
}
