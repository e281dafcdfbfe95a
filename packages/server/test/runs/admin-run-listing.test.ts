/**
 * Issue 25 (the admins' run queue): `listRunsForAdmins` pages every user's active runs — running,
 * then waiting, then queued oldest first — with each queued run's place among all queued runs and
 * the total; `runOwnerNames` names a run's user and agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, conversations, runs, users } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';
import { listRunsForAdmins, runOwnerNames } from '../../src/runs/admin-run-listing.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

const START = Date.UTC(2026, 0, 1);

describe.each(TEST_BACKENDS)('the admins’ run listing on $name', (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    await database.db.insert(users).values([
      { id: 'u1', username: 'alice', displayName: 'Alice', role: 'user', passwordHash: 'x' },
      { id: 'u2', username: 'bob', displayName: 'Bob', role: 'user', passwordHash: 'x' },
    ]);
    await database.db.insert(agents).values({ id: 'a1', name: 'helper' });
    const run = (
      id: string,
      userId: string,
      status: (typeof runs.$inferInsert)['status'],
      minute: number,
    ) => ({
      id,
      // One active run per conversation: each run has its own.
      conversationId: id,
      userId,
      agentId: 'a1',
      prompt: id,
      status,
      createdAt: new Date(START + minute * 60_000),
    });
    const all = [
      run('q-late', 'u1', 'queued', 5),
      run('q-early', 'u2', 'queued', 1),
      run('q-middle', 'u1', 'queued', 3),
      run('waiting', 'u2', 'waiting_approval', 2),
      run('running', 'u1', 'running', 4),
      run('done', 'u1', 'completed', 0),
    ];
    await database.db
      .insert(conversations)
      .values(all.map((one) => ({ id: one.id, userId: one.userId, agentId: 'a1' })));
    await database.db.insert(runs).values(all);
  }, 180_000);
  afterAll(() => database?.close());

  const listed = async (statuses: Parameters<typeof listRunsForAdmins>[1], limit: number, offset: number) => {
    const page = await listRunsForAdmins(database.db, statuses, { limit, offset });
    return {
      total: page.total,
      runs: page.runs.map((run) => [run.id, run.username, run.agentName, run.position]),
    };
  };

  it.skipIf(backend.skip)(
    'issue 25 active runs come running, waiting, then queued oldest first, each queued run with its place among all queued',
    async () => {
      expect(await listed(['running', 'waiting_approval', 'queued'], 10, 0)).toEqual({
        total: 5,
        runs: [
          ['running', 'alice', 'helper', null],
          ['waiting', 'bob', 'helper', null],
          ['q-early', 'bob', 'helper', 1],
          ['q-middle', 'alice', 'helper', 2],
          ['q-late', 'alice', 'helper', 3],
        ],
      });
      // A later page keeps the places counted over all queued runs, and the total of them all.
      expect(await listed(['running', 'waiting_approval', 'queued'], 2, 3)).toEqual({
        total: 5,
        runs: [
          ['q-middle', 'alice', 'helper', 2],
          ['q-late', 'alice', 'helper', 3],
        ],
      });
      expect(await listed(['queued'], 1, 1)).toEqual({
        total: 3,
        runs: [['q-middle', 'alice', 'helper', 2]],
      });
    },
  );

  it.skipIf(backend.skip)(
    'issue 25 a run’s owner and agent are named; a user that is gone names none',
    async () => {
      expect(await runOwnerNames(database.db, { userId: 'u2', agentId: 'a1' })).toEqual({
        username: 'bob',
        agentName: 'helper',
      });
      expect(await runOwnerNames(database.db, { userId: 'gone', agentId: 'a1' })).toBeUndefined();
    },
  );
});
