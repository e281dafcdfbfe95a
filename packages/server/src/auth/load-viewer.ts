import { and, eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { accessGeneration, memberships, users } from '../db/schema.js';
import type { Viewer } from './principal.js';

/**
 * The columns that make a {@link Viewer}, for a select over `users` (joined to whatever proved the
 * caller: a session, a token). The departments come in the same row, as an array, so who is calling
 * costs one round trip on every request rather than three.
 */
export const viewerColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  departmentIds: sql<
    string[] | null
  >`(select array_agg(${memberships.departmentId}) from ${memberships} where ${memberships.userId} = ${users.id})`,
};

/** The current access generation (a bigint, as text), selected beside the viewer in the same query. */
export const accessGenerationColumn = sql<string>`(select ${accessGeneration.value}::text from ${accessGeneration} where ${accessGeneration.id} = 1)`;

/** A {@link Viewer} from a row selected with {@link viewerColumns} (departments sorted). */
export function toViewer(row: {
  readonly id: string;
  readonly username: string;
  readonly role: Viewer['role'];
  readonly departmentIds: readonly string[] | null;
}): Viewer {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    departmentIds: [...(row.departmentIds ?? [])].sort(),
  };
}

/** The enabled account `userId` with its departments, or null when it is missing or disabled. */
export async function loadViewer(db: SkilldockDatabase, userId: string): Promise<Viewer | null> {
  const [user] = await db
    .select(viewerColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.disabled, false)));
  return user === undefined ? null : toViewer(user);
}

/**
 * {@link loadViewer} and the access generation, read in one statement: what the answer was computed
 * at, for work kept until the generation moves (a run's catalog, `liveRunCatalog`).
 */
export async function loadViewerAtGeneration(
  db: SkilldockDatabase,
  userId: string,
): Promise<{ readonly viewer: Viewer; readonly generation: string } | null> {
  const [row] = await db
    .select({ ...viewerColumns, generation: accessGenerationColumn })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.disabled, false)));
  return row === undefined ? null : { viewer: toViewer(row), generation: String(row.generation) };
}
