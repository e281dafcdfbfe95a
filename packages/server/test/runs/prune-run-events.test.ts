import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, conversations, runEvents, runs, users } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';
import type { Logger } from '../../src/logging/logger.js';
import { pruneRunEvents } from '../../src/runs/prune-run-events.js';
import { startRunHousekeeping } from '../../src/runs/run-housekeeping.js';
import { TEST_BACKENDS } from '../support/test-databases.js';
import { waitFor } from '../support/wait-for.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();

/** The events left for each run, as `type:seq`. */
async function eventsByRun(database: Database): Promise<Record<string, string[]>> {
  const rows = await database.db
    .select({ runId: runEvents.runId, seq: runEvents.seq, type: runEvents.type })
    .from(runEvents)
    .orderBy(asc(runEvents.runId), asc(runEvents.seq));
  const byRun: Record<string, string[]> = {};
  for (const row of rows) {
    byRun[row.runId] ??= [];
    byRun[row.runId]!.push(`${row.type}:${row.seq}`);
  }
  return byRun;
}

describe.each(TEST_BACKENDS)('finished runs’ old events are pruned on $name', (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    await database.db.insert(users).values({
      id: 'u1',
      username: 'alice',
      displayName: 'Alice',
      role: 'user',
      passwordHash: 'x',
    });
    await database.db.insert(agents).values({ id: 'a1', name: 'helper' });
    await database.db.insert(conversations).values({ id: 'c1', userId: 'u1', agentId: 'a1' });
    const run = (id: string, status: 'completed' | 'running' | 'failed', endedDaysAgo?: number) => ({
      id,
      conversationId: 'c1',
      userId: 'u1',
      agentId: 'a1',
      prompt: id,
      status,
      ...(endedDaysAgo === undefined ? {} : { endedAt: new Date(NOW - endedDaysAgo * DAY) }),
    });
    await database.db
      .insert(runs)
      .values([
        run('old', 'completed', 8),
        run('old-failed', 'failed', 30),
        run('recent', 'completed', 1),
        run('going', 'running'),
      ]);
    const events = (runId: string) => [
      { runId, seq: 1, type: 'run-status', data: { status: 'running' } },
      { runId, seq: 2, type: 'text-delta', data: { text: 'hello' } },
      { runId, seq: 3, type: 'tool-call-start', data: { toolCallId: 't1' } },
      { runId, seq: 4, type: 'approval-decision', data: { toolCallId: 't1', decision: 'allow' } },
      { runId, seq: 5, type: 'subagent-event', data: { toolCallId: 't2', event: { type: 'text-delta' } } },
      { runId, seq: 6, type: 'subagent-end', data: { toolCallId: 't2', status: 'completed' } },
      { runId, seq: 7, type: 'run-status', data: { status: 'completed' } },
    ];
    await database.db
      .insert(runEvents)
      .values([...events('old'), ...events('old-failed'), ...events('recent'), ...events('going')]);
    // More than one batch of deltas for the oldest run.
    await database.db.execute(sql`insert into run_events (run_id, seq, type, data)
      select 'old-failed', 100 + g, 'text-delta', '{"text":"x"}'::jsonb from generate_series(1, 5003) g`);
  }, 180_000);
  afterAll(() => database?.close());

  it.skipIf(backend.skip)(
    'Y8 runs ended before the cut keep only their status, approval decisions and sub-agent ends; recent and running runs keep all',
    async () => {
      expect(await pruneRunEvents(database.db, new Date(NOW - 7 * DAY))).toBe(3 + 3 + 5003);
      const all = [
        'run-status:1',
        'text-delta:2',
        'tool-call-start:3',
        'approval-decision:4',
        'subagent-event:5',
        'subagent-end:6',
        'run-status:7',
      ];
      const kept = ['run-status:1', 'approval-decision:4', 'subagent-end:6', 'run-status:7'];
      expect(await eventsByRun(database)).toEqual({ going: all, old: kept, 'old-failed': kept, recent: all });
      // Nothing more to prune: a second process running the same prune deletes nothing.
      expect(await pruneRunEvents(database.db, new Date(NOW - 7 * DAY))).toBe(0);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 each process prunes on its own now and then, logs what went, and stops',
    async () => {
      await database.db
        .insert(runEvents)
        .values({ runId: 'old', seq: 8, type: 'text-delta', data: { text: 'late' } });
      const logged: Array<[string, Record<string, unknown> | undefined]> = [];
      const logger: Logger = {
        info: (event, fields) => logged.push([event, fields]),
        warn: (event, fields) => logged.push([event, fields]),
        error: (event, fields) => logged.push([event, fields]),
      };
      const dataDir = mkdtempSync(path.join(tmpdir(), 'skilldock-housekeeping-'));
      const pruning = startRunHousekeeping(
        { db: database.db, logger, dataDir },
        { keepMs: 7 * DAY, everyMs: 50 },
      );
      try {
        await waitFor(
          async () => ((await eventsByRun(database)).old?.length === 4 ? true : undefined),
          'the late event of the old run to be pruned',
        );
        expect(logged).toContainEqual(['run_events_pruned', { events: 1 }]);
      } finally {
        pruning.stop();
      }
      await database.db
        .insert(runEvents)
        .values({ runId: 'old', seq: 9, type: 'text-delta', data: { text: 'kept' } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      rmSync(dataDir, { recursive: true, force: true });
      expect((await eventsByRun(database)).old).toEqual([
        'run-status:1',
        'approval-decision:4',
        'subagent-end:6',
        'run-status:7',
        'text-delta:9',
      ]);
    },
  );
});
