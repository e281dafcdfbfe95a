import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { departments } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

function conflictOnName(error: unknown): never {
  if (isUniqueViolation(error)) throw new HttpError(409, 'department_exists', 'A department has that name');
  throw error;
}

/**
 * Creates the department `id` with its `department.created` audit entry, in one transaction; a
 * name already taken is a 409 `department_exists`.
 */
export async function createDepartment(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  name: string,
): Promise<void> {
  await db
    .transaction(async (tx) => {
      await tx.insert(departments).values({ id, name });
      await recordAudit(tx, {
        actor: actor.viewer,
        action: 'department.created',
        targetType: 'department',
        targetId: id,
        details: { name },
        requestId: actor.requestId,
      });
    })
    .catch(conflictOnName);
}

/**
 * Renames the department `id` with its `department.renamed` audit entry, in one transaction; false
 * when there is no such department, a 409 `department_exists` when the name is taken.
 */
export async function renameDepartment(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  name: string,
): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const rows = await tx
        .update(departments)
        .set({ name })
        .where(eq(departments.id, id))
        .returning({ id: departments.id });
      if (rows.length === 0) return false;
      await recordAudit(tx, {
        actor: actor.viewer,
        action: 'department.renamed',
        targetType: 'department',
        targetId: id,
        details: { name },
        requestId: actor.requestId,
      });
      return true;
    })
    .catch(conflictOnName);
}

/**
 * Deletes the department `id` (its memberships and scope entries go with it, by foreign key) with
 * its `department.deleted` audit entry, in one transaction; false when there is no such department.
 */
export async function deleteDepartment(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(departments)
      .where(eq(departments.id, id))
      .returning({ name: departments.name });
    if (rows.length === 0) return false;
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'department.deleted',
      targetType: 'department',
      targetId: id,
      details: { name: rows[0]!.name },
      requestId: actor.requestId,
    });
    return true;
  });
}
