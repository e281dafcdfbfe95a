import { asc, eq, inArray } from 'drizzle-orm';
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

/** Every agent with its access facts, built-in first, then by name and id (the listing filters them by policy). */
export async function listAgentRecords(db: Reader): Promise<AgentRecord[]> {
  const rows = await db
    .select()
    .from(agents)
    .orderBy(asc(agents.builtinKey), asc(agents.name), asc(agents.id));
  return withAccess(db, rows);
}
