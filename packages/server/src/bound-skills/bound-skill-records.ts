import { and, desc, eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { boundSkillVersions, skills } from '../db/schema.js';

type Reader = SkilldockDatabase | SkilldockTransaction;

/** An agent-bound skill's index row. */
export type BoundSkillRow = typeof skills.$inferSelect;

/** A released version's row. */
export type BoundSkillVersionRow = typeof boundSkillVersions.$inferSelect;

/** The agent-bound skill of agent `agentId`, or null when it has none. */
export async function loadBoundSkillOfAgent(db: Reader, agentId: string): Promise<BoundSkillRow | null> {
  const [row] = await db
    .select()
    .from(skills)
    .where(and(eq(skills.agentId, agentId), eq(skills.kind, 'agent-bound')));
  return row ?? null;
}

/** The agent-bound skill `skillId` (null for any other kind or none). */
export async function loadBoundSkill(db: Reader, skillId: string): Promise<BoundSkillRow | null> {
  const [row] = await db
    .select()
    .from(skills)
    .where(and(eq(skills.id, skillId), eq(skills.kind, 'agent-bound')));
  return row ?? null;
}

/** Locks the bound skill's row until the transaction ends and returns it (null when it is gone). */
export async function lockBoundSkill(
  tx: SkilldockTransaction,
  skillId: string,
): Promise<BoundSkillRow | null> {
  await tx.execute(sql`select 1 from skills where id = ${skillId} and kind = 'agent-bound' for update`);
  return loadBoundSkill(tx, skillId);
}

/** The released versions of a bound skill, newest first. */
export function listBoundSkillVersions(db: Reader, skillId: string): Promise<BoundSkillVersionRow[]> {
  return db
    .select()
    .from(boundSkillVersions)
    .where(eq(boundSkillVersions.skillId, skillId))
    .orderBy(desc(boundSkillVersions.createdAt), desc(boundSkillVersions.name));
}

/** The version `name` of a bound skill, or null. */
export async function loadBoundSkillVersion(
  db: Reader,
  skillId: string,
  name: string,
): Promise<BoundSkillVersionRow | null> {
  const [row] = await db
    .select()
    .from(boundSkillVersions)
    .where(and(eq(boundSkillVersions.skillId, skillId), eq(boundSkillVersions.name, name)));
  return row ?? null;
}
