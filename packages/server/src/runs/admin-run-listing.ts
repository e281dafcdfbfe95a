import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { agents, runs, users } from '../db/schema.js';
import type { RunRow } from './run-records.js';

/** The columns of a run the admins' queue view shows. */
export type AdminRunColumns = Pick<
  RunRow,
  | 'id'
  | 'status'
  | 'userId'
  | 'agentId'
  | 'createdAt'
  | 'startedAt'
  | 'heartbeatAt'
  | 'workerId'
  | 'attempts'
  | 'cancelRequested'
>;

/** A run as the admins' queue view lists it (issue 25): who, which agent, the worker and its place. */
export interface AdminListedRun extends AdminRunColumns {
  readonly username: string;
  readonly agentName: string;
  /** A queued run's place among all queued runs, oldest first, from 1; null for the others. */
  readonly position: number | null;
}

/**
 * Every user's runs with one of `statuses`, a page of them: running first, then waiting for an
 * approval, then queued oldest first; with how many there are in all.
 */
export async function listRunsForAdmins(
  db: SkilldockDatabase,
  statuses: readonly RunRow['status'][],
  page: { readonly limit: number; readonly offset: number },
): Promise<{ readonly runs: AdminListedRun[]; readonly total: number }> {
  const position = sql<string | number | null>`case when ${runs.status} = 'queued'
      then row_number() over (partition by ${runs.status} = 'queued' order by ${runs.createdAt}, ${runs.id}) end`;
  const rows = await db
    .select({
      id: runs.id,
      status: runs.status,
      userId: runs.userId,
      agentId: runs.agentId,
      createdAt: runs.createdAt,
      startedAt: runs.startedAt,
      heartbeatAt: runs.heartbeatAt,
      workerId: runs.workerId,
      attempts: runs.attempts,
      cancelRequested: runs.cancelRequested,
      username: users.username,
      agentName: agents.name,
      position,
    })
    .from(runs)
    .innerJoin(users, eq(users.id, runs.userId))
    .innerJoin(agents, eq(agents.id, runs.agentId))
    .where(inArray(runs.status, [...statuses]))
    .orderBy(
      sql`case ${runs.status} when 'running' then 0 when 'waiting_approval' then 1 else 2 end`,
      asc(runs.createdAt),
      asc(runs.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: sql<string | number>`count(*)` })
    .from(runs)
    .where(inArray(runs.status, [...statuses]));
  return {
    runs: rows.map((row) => ({ ...row, position: row.position === null ? null : Number(row.position) })),
    total: Number(counted?.total ?? 0),
  };
}

/** The username of the run's user and the name of its agent; undefined when either is gone. */
export async function runOwnerNames(
  db: SkilldockDatabase,
  run: Pick<RunRow, 'userId' | 'agentId'>,
): Promise<{ readonly username: string; readonly agentName: string } | undefined> {
  const [names] = await db
    .select({ username: users.username, agentName: agents.name })
    .from(users)
    .innerJoin(agents, eq(agents.id, run.agentId))
    .where(eq(users.id, run.userId));
  return names;
}
