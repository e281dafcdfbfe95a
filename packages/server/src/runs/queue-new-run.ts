import { randomUUID } from 'node:crypto';
import { ConflictError } from '@skilldock/core/errors';
import { eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { conversations, runs } from '../db/schema.js';
import { appendRunEvent, type RunRow } from './run-records.js';
import type { RunService } from './run-service.js';

/** What a new run answers: its conversation, user, agent and prompt, and the run it retries. */
export interface NewRun {
  readonly conversationId: string;
  readonly userId: string;
  readonly agentId: string;
  readonly prompt: string;
  readonly retryOf?: string;
}

/**
 * Stores a new `queued` run with its first `run-status` event and sends its job (SPEC Y8, Y16).
 * Throws `run_active` (409) while another run of the conversation is active (one at a time, by a
 * unique index); a run whose job cannot be sent ends `failed` `run_failed` before the error is
 * thrown on.
 */
export async function queueNewRun(db: SkilldockDatabase, service: RunService, run: NewRun): Promise<RunRow> {
  const id = randomUUID();
  let row: RunRow;
  try {
    [row] = (await db
      .insert(runs)
      .values({ id, ...run, retryOf: run.retryOf ?? null })
      .returning()) as [RunRow];
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError('run_active', 'Another run of this conversation is still active', {
        details: { conversationId: run.conversationId },
      });
    throw error;
  }
  await db
    .update(conversations)
    .set({ updatedAt: sql`now()` })
    .where(eq(conversations.id, run.conversationId));
  await appendRunEvent(db, id, { type: 'run-status', data: { status: 'queued' } });
  try {
    await service.enqueue(id);
  } catch (error) {
    const facts = { code: 'run_failed', message: 'The run could not be queued' };
    await db.update(runs).set({ status: 'failed', error: facts, endedAt: sql`now()` }).where(eq(runs.id, id));
    await appendRunEvent(db, id, { type: 'run-status', data: { status: 'failed', error: facts } });
    throw error;
  }
  return row;
}
