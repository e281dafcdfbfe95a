import type { ConversationMessage, RunState } from '@skilldock/agent';
import { and, eq } from 'drizzle-orm';
import type { SkilldockTransaction } from '../db/database.js';
import { runs } from '../db/schema.js';
import { storableJson } from '../text/storable-text.js';
import { runNotHeld } from './run-event-writer.js';
import { appendMessage } from './run-records.js';

/** One step of a running run to make durable: the message it finished and the state after it. */
export interface RunCheckpoint {
  readonly runId: string;
  readonly workerId: string;
  readonly conversationId: string;
  readonly message: ConversationMessage;
  readonly state: RunState;
  readonly activeSkills: readonly string[];
}

/**
 * Stores a checkpoint of a running run (SPEC O1), inside the transaction that stores the step's
 * events (`RunEventWriter.checkpoint`): the finished message joins the conversation, and the row
 * keeps the state to resume from, the skills active, and `lastSeq` — the stream's last event the
 * state covers. Only while `workerId` holds the run; otherwise throws `run_not_held` and the
 * transaction (events included) is rolled back.
 */
export async function writeRunCheckpoint(
  tx: SkilldockTransaction,
  checkpoint: RunCheckpoint,
  lastSeq: number,
): Promise<void> {
  const { runId, workerId } = checkpoint;
  const held = await tx
    .update(runs)
    .set({
      state: storableJson(checkpoint.state),
      activeSkills: [...checkpoint.activeSkills],
      checkpointSeq: lastSeq,
    })
    .where(and(eq(runs.id, runId), eq(runs.workerId, workerId), eq(runs.status, 'running')))
    .returning({ id: runs.id });
  if (held.length === 0) throw runNotHeld(runId);
  await appendMessage(tx, checkpoint.conversationId, runId, checkpoint.message);
}
