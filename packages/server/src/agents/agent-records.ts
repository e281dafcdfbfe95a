import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { agentScopeMembers, agents } from '../db/schema.js';
import type { AgentAccessFacts } from '../policy/agent-access.js';
import { scopeOf } from '../policy/load-skill-access.js';

/** An agent's row with its access facts (scopes resolved from `agent_scope_members`). */
export interface AgentRecord {
  readonly row: typeof agents.$inferSelect;
  readonly access: AgentAccessFacts;
}

type Reader = SkilldockDatabase | SkilldockTransaction;

async function withAccess(db: Reader, rows: (typeof agents.$inferSelect)[]): Promise<AgentRecord[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select()
    .from(agentScopeMembers)
    .where(
      inArray(
        agentScopeMembers.agentId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => {
    const mine = members.filter((member) => member.agentId === row.id);
    return {
      row,
      access: {
        builtin: row.builtinKey !== null,
        ownerId: row.ownerId,
        readScope: scopeOf(row.readScope, 'read', mine),
        manageScope: scopeOf(row.manageScope, 'manage', mine),
      },
    };
  });
}

/** The agent `id` with its access facts, or null when there is none. */
export async function loadAgentRecord(db: Reader, id: string): Promise<AgentRecord | null> {
  const rows = await db.select().from(agents).where(eq(agents.id, id));
  return (await withAccess(db, rows))[0] ?? null;
}

/** SQL: the agent row's `scope` ('read' | 'manage') includes the user `userId` (SPEC Y3). */
function scopeIncludesSql(column: SQL, scope: 'read' | 'manage', userId: string): SQL {
  return sql`(${column} = 'global'
    or (${column} = 'users' and exists (
      select 1 from agent_scope_members m
      where m.agent_id = ${agents.id} and m.scope = ${scope} and m.user_id = ${userId}))
    or (${column} = 'departments' and exists (
      select 1 from agent_scope_members m join memberships mb on mb.department_id = m.department_id
      where m.agent_id = ${agents.id} and m.scope = ${scope} and mb.user_id = ${userId})))`;
}

/**
 * The agents `viewer` may read, built-in first, then by name and id: the SQL twin of
 * `canOnAgent(viewer, 'read')` — the superadmin reads all, anyone reads what its read scope names,
 * and its own unless built-in (an admin's manage rights need the read scope, or ownership). The
 * permission-matrix test holds the two to the same answers.
 */
export async function listReadableAgentRecords(db: Reader, viewer: Viewer): Promise<AgentRecord[]> {
  const readable = sql`(${viewer.role} = 'superadmin'
    or ${scopeIncludesSql(sql`${agents.readScope}`, 'read', viewer.id)}
    or (${agents.builtinKey} is null and ${agents.ownerId} = ${viewer.id}))`;
  const rows = await db
    .select()
    .from(agents)
    .where(readable)
    .orderBy(asc(agents.builtinKey), asc(agents.name), asc(agents.id));
  return withAccess(db, rows);
}
