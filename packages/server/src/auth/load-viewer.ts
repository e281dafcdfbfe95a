import { and, eq } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { memberships, users } from '../db/schema.js';
import type { Viewer } from './principal.js';

/** The enabled account `userId` with its departments, or null when it is missing or disabled. */
export async function loadViewer(db: SkilldockDatabase, userId: string): Promise<Viewer | null> {
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.disabled, false)));
  if (user === undefined) return null;
  const rows = await db
    .select({ departmentId: memberships.departmentId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return { ...user, departmentIds: rows.map((row) => row.departmentId).sort() };
}
