import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, runEvents, runs } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';
import { RUN_QUEUE_NAME } from '../../src/runs/run-queue.js';
import { MAX_RUN_ATTEMPTS, sweepLostRuns } from '../../src/runs/sweep-lost-runs.js';
import { TEST_BACKENDS } from '../support/test-databases.js';
import { insertRunOwner } from './run-owner.js';

const STALE_AFTER_MS = 2000;

describe.each(TEST_BACKENDS)('the lost-run sweep on $name', (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    await insertRunOwner(database);
  });

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    if (backend.skip !== undefined) return;
    await database.db.delete(runs);
    await database.db.delete(conversations);
  });

  /** A running run of worker `w1` whose last heartbeat was `secondsAgo` ago. */
  async function runningRun(id: string, secondsAgo: number, attempts = 1) {
    await database.db.insert(conversations).values({ id: `c-${id}`, userId: 'u1', agentId: 'a1' });
    await database.db.insert(runs).values({
      id,
      conversationId: `c-${id}`,
      userId: 'u1',
      agentId: 'a1',
      prompt: id,
      status: 'running',
      workerId: 'w1',
      attempts,
      heartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    });
  }

  const statuses = async () =>
    Object.fromEntries(
      (await database.db.select({ id: runs.id, status: runs.status }).from(runs).orderBy(asc(runs.id))).map(
        (row) => [row.id, row.status],
      ),
    );

  it.skipIf(backend.skip)(
    'O1 a run that goes stale while the sweep requeues others is left for the next sweep, not failed as out of attempts',
    async () => {
      await runningRun('lost', 10);
      // Its worker's last heartbeat was a moment later: it crosses the stale line during the sweep.
      await runningRun('lost-a-moment-later', 0);
      const requeued: string[] = [];
      const first = await sweepLostRuns(database.db, STALE_AFTER_MS, undefined, {
        requeue: async (runId) => {
          requeued.push(runId);
          await database.db
            .update(runs)
            .set({ heartbeatAt: sql`now() - make_interval(secs => 10)` })
            .where(eq(runs.id, 'lost-a-moment-later'));
        },
      });
      expect(first).toEqual({ requeued: ['lost'], failed: [], resent: [] });
      expect(await statuses()).toEqual({ lost: 'queued', 'lost-a-moment-later': 'running' });
      const second = await sweepLostRuns(database.db, STALE_AFTER_MS, undefined, {
        requeue: async (runId) => {
          requeued.push(runId);
        },
      });
      expect(second).toEqual({ requeued: ['lost-a-moment-later'], failed: [], resent: [] });
      expect(requeued).toEqual(['lost', 'lost-a-moment-later']);
      const reasons = await database.db
        .select({ runId: runEvents.runId, data: runEvents.data })
        .from(runEvents)
        .where(inArray(runEvents.runId, ['lost', 'lost-a-moment-later']))
        .orderBy(asc(runEvents.runId));
      expect(reasons).toEqual([
        { runId: 'lost', data: { status: 'queued', reason: 'worker-lost' } },
        { runId: 'lost-a-moment-later', data: { status: 'queued', reason: 'worker-lost' } },
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'O1 a lost run out of attempts fails with run_worker_lost; a live one is left alone',
    async () => {
      await runningRun('worn-out', 10, MAX_RUN_ATTEMPTS);
      await runningRun('alive', 0);
      const swept = await sweepLostRuns(database.db, STALE_AFTER_MS, undefined, {
        requeue: async () => {},
      });
      expect(swept).toEqual({ requeued: [], failed: ['worn-out'], resent: [] });
      expect(await statuses()).toEqual({ alive: 'running', 'worn-out': 'failed' });
      const [row] = await database.db.select({ error: runs.error }).from(runs).where(eq(runs.id, 'worn-out'));
      expect(row!.error).toMatchObject({ code: 'run_worker_lost' });
      expect(row!.error!.message).toMatch(/lost its worker 25 times/);
    },
  );

  /** A queued run last seen `secondsAgo` ago, and its job in `jobState` (none when undefined). */
  async function queuedRun(
    id: string,
    secondsAgo: number,
    job?: { state: 'created' | 'active' | 'completed'; startedSecondsAgo?: number },
    cancelRequested = false,
  ) {
    await database.db.insert(conversations).values({ id: `c-${id}`, userId: 'u1', agentId: 'a1' });
    await database.db.insert(runs).values({
      id,
      conversationId: `c-${id}`,
      userId: 'u1',
      agentId: 'a1',
      prompt: id,
      status: 'queued',
      cancelRequested,
      createdAt: sql`now() - make_interval(secs => ${secondsAgo})`,
      heartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    });
    if (job !== undefined)
      await database.db.execute(sql`insert into pgboss.job (name, data, state, started_on)
        values (${RUN_QUEUE_NAME}, ${JSON.stringify({ runId: id })}::jsonb, ${job.state}::pgboss.job_state,
          ${job.startedSecondsAgo === undefined ? null : sql`now() - make_interval(secs => ${job.startedSecondsAgo})`})`);
  }

  it.skipIf(backend.skip)(
    'O1 a queued run whose job was lost with its worker gets a new job, once; a waiting or live job is left alone',
    async () => {
      await database.db.execute(sql`delete from pgboss.job where name = ${RUN_QUEUE_NAME}`);
      // Fetched by a worker killed before it claimed the run: the job stays `active` for ever.
      await queuedRun('fetched-by-the-dead', 10, { state: 'active', startedSecondsAgo: 10 });
      await queuedRun('no-job-at-all', 10);
      await queuedRun('job-done-run-not', 10, { state: 'completed', startedSecondsAgo: 10 });
      await queuedRun('waiting-its-turn', 10, { state: 'created' });
      await queuedRun('being-claimed', 10, { state: 'active', startedSecondsAgo: 0 });
      await queuedRun('just-queued', 0);
      await queuedRun('cancelled', 10, undefined, true);
      const resent: string[] = [];
      const requeue = async (runId: string) => {
        resent.push(runId);
      };
      const swept = await sweepLostRuns(database.db, STALE_AFTER_MS, undefined, { requeue });
      expect([...swept.resent].sort()).toEqual(['fetched-by-the-dead', 'job-done-run-not', 'no-job-at-all']);
      expect([...resent].sort()).toEqual(swept.resent.sort());
      expect(swept).toMatchObject({ requeued: [], failed: [] });
      // Marked seen: the next sweep (this process's or another's) does not send them again.
      expect(await sweepLostRuns(database.db, STALE_AFTER_MS, undefined, { requeue })).toEqual({
        requeued: [],
        failed: [],
        resent: [],
      });
      expect(Object.values(await statuses()).every((status) => status === 'queued')).toBe(true);
    },
  );

  it.skipIf(backend.skip)('O1 without requeue, every lost run fails with run_worker_lost', async () => {
    await runningRun('lost', 10);
    await runningRun('alive', 0);
    const swept = await sweepLostRuns(database.db, STALE_AFTER_MS);
    expect(swept).toEqual({ requeued: [], failed: ['lost'], resent: [] });
    expect(await statuses()).toEqual({ alive: 'running', lost: 'failed' });
  });
});
