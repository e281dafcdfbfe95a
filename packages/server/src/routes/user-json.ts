import type { z } from '@hono/zod-openapi';
import { inArray } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { memberships, users } from '../db/schema.js';
import type { userSchema } from './schemas.js';

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'displayName' | 'role' | 'disabled' | 'createdAt'
>;

/** The API view of accounts: their public fields and departments, in the order given. */
export async function usersToJson(
  db: SkilldockDatabase,
  rows: readonly UserRow[],
): Promise<z.infer<typeof userSchema>[]> {
  const ids = rows.map((row) => row.id);
  const links =
    ids.length === 0 ? [] : await db.select().from(memberships).where(inArray(memberships.userId, ids));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    disabled: row.disabled,
    departmentIds: links
      .filter((link) => link.userId === row.id)
      .map((link) => link.departmentId)
      .sort(),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The columns {@link usersToJson} needs, for `select(USER_COLUMNS)`. */
export const USER_COLUMNS = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  role: users.role,
  disabled: users.disabled,
  createdAt: users.createdAt,
};
