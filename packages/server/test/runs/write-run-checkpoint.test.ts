import type { RunState } from '@skilldock/agent/loop';
import type { ConversationMessage } from '@skilldock/agent/model';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, messages, runEvents, runs } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';
import { RunEventBus } from '../../src/runs/run-event-bus.js';
import { RunEventWriter } from '../../src/runs/run-event-writer.js';
import { writeRunCheckpoint } from '../../src/runs/write-run-checkpoint.js';
import { TEST_BACKENDS } from '../support/test-databases.js';
import { insertRunOwner } from './run-owner.js';

function stateOf(conversation: readonly ConversationMessage[]): RunState {
  return {
    $schemaVersion: 2,
    messages: [...conversation],
    stats: { turns: 1, toolCalls: 0, wallTimeMs: 5, inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 },
    interruptions: [],
    answers: [],
  };
}

describe.each(TEST_BACKENDS)('a run checkpoint on $name', (backend) => {
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
    await database.db.insert(conversations).values({ id: 'c1', userId: 'u1', agentId: 'a1' });
    await database.db.insert(runs).values({
      id: 'r1',
      conversationId: 'c1',
      userId: 'u1',
      agentId: 'a1',
      prompt: 'hello',
      status: 'running',
      workerId: 'w1',
      attempts: 1,
    });
  });

  const checkpoint = (writer: RunEventWriter, workerId: string, conversation: ConversationMessage[]) =>
    writer.checkpoint((db, events) =>
      writeRunCheckpoint(db, {
        runId: 'r1',
        workerId,
        conversationId: 'c1',
        message: conversation.at(-1)!,
        state: stateOf(conversation),
        activeSkills: ['report-style'],
        events,
      }),
    );

  const stored = async () => ({
    row: (
      await database.db
        .select({ state: runs.state, checkpointSeq: runs.checkpointSeq, activeSkills: runs.activeSkills })
        .from(runs)
        .where(eq(runs.id, 'r1'))
    )[0]!,
    messages: (
      await database.db
        .select({ seq: messages.seq, runId: messages.runId, message: messages.message })
        .from(messages)
        .where(eq(messages.conversationId, 'c1'))
        .orderBy(asc(messages.seq))
    ).map((row) => [row.seq, row.runId, row.message]),
  });

  it.skipIf(backend.skip)(
    'O1 each checkpoint stores the state, the skills, the last event it covers and its message once',
    async () => {
      const writer = new RunEventWriter(database.db, 'r1', new RunEventBus(), 'w1');
      writer.push({ type: 'run-status', data: { status: 'running' } });
      const conversation: ConversationMessage[] = [{ role: 'user', content: 'hello' }];
      await checkpoint(writer, 'w1', conversation);
      writer.push({ type: 'turn-start', data: { turn: 1 } });
      writer.push({ type: 'text-delta', data: { turn: 1, text: 'Hi \u0000 there' } });
      conversation.push({ role: 'assistant', content: 'Hi \u0000 there' });
      await checkpoint(writer, 'w1', conversation);
      const { row, messages: rows } = await stored();
      expect(row.checkpointSeq).toBe(3);
      expect(row.activeSkills).toEqual(['report-style']);
      // Unstorable text is stored escaped (SPEC SEC11), in the state and the message alike.
      expect(row.state).toEqual(
        stateOf([
          { role: 'user', content: 'hello' },
          { role: 'assistant', content: 'Hi \\u0000 there' },
        ]),
      );
      expect(rows).toEqual([
        [1, 'r1', { role: 'user', content: 'hello' }],
        [2, 'r1', { role: 'assistant', content: 'Hi \\u0000 there' }],
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'O1 a worker that no longer holds the run writes no checkpoint and no message: run_not_held',
    async () => {
      const writer = new RunEventWriter(database.db, 'r1', new RunEventBus(), 'w1');
      await checkpoint(writer, 'w1', [{ role: 'user', content: 'hello' }]);
      const before = await stored();
      // The sweep gave the run to another worker.
      await database.db.update(runs).set({ workerId: 'w2' }).where(eq(runs.id, 'r1'));
      const lost = new RunEventWriter(database.db, 'r1', new RunEventBus(), 'w1');
      await expect(
        checkpoint(lost, 'w1', [
          { role: 'user', content: 'hello' },
          { role: 'assistant', content: 'late' },
        ]),
      ).rejects.toMatchObject({ code: 'run_not_held' });
      expect(await stored()).toEqual(before);
      // And a writer that failed once stays failed: nothing more is written through it.
      expect(() => lost.push({ type: 'text-delta', data: { turn: 1, text: 'x' } })).toThrow(
        /no longer holds/,
      );
    },
  );

  const storedEvents = async () =>
    (
      await database.db
        .select({ seq: runEvents.seq, type: runEvents.type })
        .from(runEvents)
        .where(eq(runEvents.runId, 'r1'))
        .orderBy(asc(runEvents.seq))
    ).map((row) => `${row.seq}:${row.type}`);

  it.skipIf(backend.skip)(
    'O1 issue 28 events queued when a checkpoint is taken are stored with it, in order, more than one batch too',
    async () => {
      const writer = new RunEventWriter(database.db, 'r1', new RunEventBus(), 'w1');
      const conversation: ConversationMessage[] = [{ role: 'user', content: 'hello' }];
      writer.push({ type: 'turn-start', data: { turn: 1 } });
      for (let index = 0; index < 450; index++)
        writer.push({ type: 'usage', data: { turn: 1, inputTokens: index } });
      writer.push({ type: 'turn-end', data: { turn: 1 } });
      await checkpoint(writer, 'w1', conversation);
      const events = await storedEvents();
      expect([events.length, events[0], events[451]]).toEqual([452, '1:turn-start', '452:turn-end']);
      expect((await stored()).row.checkpointSeq).toBe(452);
      // The next events follow on, whether a flush or the next checkpoint stores them.
      writer.push({ type: 'tool-call-start', data: { turn: 1 } });
      await writer.drain();
      writer.push({ type: 'tool-call-end', data: { turn: 1 } });
      conversation.push({ role: 'assistant', content: 'done' });
      await checkpoint(writer, 'w1', conversation);
      expect((await storedEvents()).slice(-2)).toEqual(['453:tool-call-start', '454:tool-call-end']);
      expect((await stored()).row.checkpointSeq).toBe(454);
      await database.db.delete(runEvents).where(eq(runEvents.runId, 'r1'));
    },
  );

  it.skipIf(backend.skip)(
    'O1 issue 28 a worker that no longer holds the run stores neither the checkpoint nor the events riding with it',
    async () => {
      await database.db.update(runs).set({ workerId: 'w2' }).where(eq(runs.id, 'r1'));
      const lost = new RunEventWriter(database.db, 'r1', new RunEventBus(), 'w1');
      lost.push({ type: 'turn-start', data: { turn: 1 } });
      await expect(checkpoint(lost, 'w1', [{ role: 'user', content: 'hello' }])).rejects.toMatchObject({
        code: 'run_not_held',
      });
      expect(await storedEvents()).toEqual([]);
      expect((await stored()).row.checkpointSeq).toBeNull();
    },
  );
});
