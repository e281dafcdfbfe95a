import { asc, count, eq } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { departments, memberships } from '../db/schema.js';

/** A department with how many accounts belong to it (SPEC Y1). */
export interface Department {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
  readonly memberCount: number;
}

const DEPARTMENT_COLUMNS = {
  id: departments.id,
  name: departments.name,
  createdAt: departments.createdAt,
  memberCount: count(memberships.userId),
};

/** Every department with its member count, by name. */
export function listDepartments(db: SkilldockDatabase): Promise<Department[]> {
  return db
    .select(DEPARTMENT_COLUMNS)
    .from(departments)
    .leftJoin(memberships, eq(memberships.departmentId, departments.id))
    .groupBy(departments.id)
    .orderBy(asc(departments.name));
}

/** The department `id` with its member count, or undefined when there is none. */
export async function loadDepartment(db: SkilldockDatabase, id: string): Promise<Department | undefined> {
  const [row] = await db
    .select(DEPARTMENT_COLUMNS)
    .from(departments)
    .leftJoin(memberships, eq(memberships.departmentId, departments.id))
    .where(eq(departments.id, id))
    .groupBy(departments.id);
  return row;
}
