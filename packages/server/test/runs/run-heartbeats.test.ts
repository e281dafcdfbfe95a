import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, runs } from '../../src/db/schema.js';
import { type Database, silentLogger } from '../../src/index.js';
import { startRunHeartbeats } from '../../src/runs/run-heartbeats.js';
import { TEST_BACKENDS } from '../support/test-databases.js';
import { waitFor } from '../support/wait-for.js';
import { insertRunOwner } from './run-owner.js';

const RUN_IDS = ['beating', 'cancelled', 'taken', 'let-go'];
/** Every run's heartbeat before the test: a beat writes the database's time, long after it. */
const OLD_BEAT = new Date('2020-01-01T00:00:00.000Z');

describe.each(TEST_BACKENDS)('a worker heartbeat for its runs on $name', (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    await insertRunOwner(database);
    // One active run per conversation: each run has its own.
    await database.db
      .insert(conversations)
      .values(RUN_IDS.map((id) => ({ id: `c-${id}`, userId: 'u1', agentId: 'a1' })));
    await database.db.insert(runs).values(
      RUN_IDS.map((id) => ({
        id,
        conversationId: `c-${id}`,
        userId: 'u1',
        agentId: 'a1',
        prompt: 'hello',
        status: 'running' as const,
        workerId: 'w1',
        heartbeatAt: OLD_BEAT,
      })),
    );
  });

  afterAll(async () => {
    await database?.close();
  });

  it.skipIf(backend.skip)(
    'O1 issue 28 one beat proves every held run alive, reads the cancel flags and tells a run taken by another worker it is lost',
    async () => {
      await database.db.update(runs).set({ cancelRequested: true }).where(eq(runs.id, 'cancelled'));
      await database.db.update(runs).set({ workerId: 'w2' }).where(eq(runs.id, 'taken'));
      const heard: string[] = [];
      const heartbeats = startRunHeartbeats(database.db, 'w1', 50, silentLogger);
      const letGo = RUN_IDS.map((id) =>
        heartbeats.hold(id, {
          lost: () => heard.push(`${id} lost`),
          cancelRequested: () => heard.push(`${id} cancel`),
        }),
      );
      letGo[3]!();
      try {
        await waitFor(async () => (heard.includes('taken lost') ? true : undefined), 'a beat');
      } finally {
        await heartbeats.stop();
      }
      // A run let go before the beat hears nothing, and its row is not written.
      expect([...new Set(heard)].sort()).toEqual(['cancelled cancel', 'taken lost']);
      const rows = await database.db
        .select({ id: runs.id, heartbeatAt: runs.heartbeatAt })
        .from(runs)
        .where(inArray(runs.id, RUN_IDS));
      const fresh = rows
        .filter((row) => row.heartbeatAt!.getTime() > OLD_BEAT.getTime())
        .map((row) => row.id)
        .sort();
      expect(fresh).toEqual(['beating', 'cancelled']);
    },
  );
});
