import { eq, inArray } from 'drizzle-orm';
import type { SkilldockTransaction } from '../db/database.js';
import { departments, memberships } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

/**
 * Makes `departmentIds` the departments of `userId`, in the caller's transaction; refuses (422,
 * field `departmentIds`) a department that does not exist, before a foreign key would.
 */
export async function replaceMemberships(
  tx: SkilldockTransaction,
  userId: string,
  departmentIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(departmentIds)];
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(inArray(departments.id, wanted));
    if (found.length !== wanted.length) {
      throw new HttpError(422, 'not_found', 'One of the departments does not exist', {
        details: { field: 'departmentIds' },
      });
    }
  }
  await tx.delete(memberships).where(eq(memberships.userId, userId));
  if (wanted.length > 0)
    await tx.insert(memberships).values(wanted.map((departmentId) => ({ userId, departmentId })));
}
