import type { RunState } from '@skilldock/agent/loop';
import type { ConversationMessage } from '@skilldock/agent/model';
import { sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { storableJsonText } from '../text/storable-text.js';
import { type PendingRunEvents, runEventRows, runNotHeld } from './run-event-writer.js';
import { withNextSeq } from './run-records.js';

/** One step of a running run to make durable: the message it finished and the state after it. */
export interface RunCheckpoint {
  readonly runId: string;
  readonly workerId: string;
  readonly conversationId: string;
  readonly message: ConversationMessage;
  readonly state: RunState;
  readonly activeSkills: readonly string[];
  /** The step's events still queued (`RunEventWriter.checkpoint`): stored by the same statement. */
  readonly events?: PendingRunEvents;
}

/**
 * Stores a checkpoint of a running run (SPEC O1) in one statement, with the step's events still
 * queued (`RunEventWriter.checkpoint`): the events are inserted, the row keeps the state to resume
 * from, the skills active, and `checkpoint_seq` — the run's last stored event, which the state
 * covers — and the finished message joins the conversation. Only while `workerId` holds the run:
 * otherwise nothing is written (the events neither) and it throws `run_not_held`. One round trip to
 * the database per message (issue 25: a checkpoint costs ≤ 5 ms per turn; issue 28: its events
 * ride along); the state is serialized once.
 */
export async function writeRunCheckpoint(
  db: SkilldockDatabase | SkilldockTransaction,
  checkpoint: RunCheckpoint,
): Promise<void> {
  const { runId, workerId, conversationId } = checkpoint;
  const events = checkpoint.events ?? { first: 0, events: [] };
  const lastEvent = events.events.length === 0 ? 0 : events.first + events.events.length - 1;
  // The statement's own inserts are not visible to its sub-selects: the last new seq is passed in.
  const storeEvents =
    events.events.length === 0
      ? sql``
      : sql`, stored_events as (
        insert into run_events (run_id, seq, type, data)
        select v.run_id, v.seq::integer, v.type, v.data from (values ${sql.join(runEventRows(runId, events), sql`, `)}) as v (run_id, seq, type, data)
        where exists (select 1 from held)
        returning seq
      )`;
  const held = await withNextSeq(async () => {
    const result = await db.execute(sql`with held as (
        update runs set
          state = ${storableJsonText(checkpoint.state)}::jsonb,
          active_skills = ${storableJsonText(checkpoint.activeSkills)}::jsonb,
          checkpoint_seq = greatest((select coalesce(max(seq), 0) from run_events where run_id = ${runId}), ${lastEvent}::integer)
        where id = ${runId} and worker_id = ${workerId} and status = 'running'
        returning id
      )${storeEvents}, message as (
        insert into messages (conversation_id, seq, run_id, message)
        select ${conversationId}, coalesce(max(seq), 0) + 1, ${runId}, ${storableJsonText(checkpoint.message)}::jsonb
        from messages where conversation_id = ${conversationId}
        having exists (select 1 from held)
        returning seq
      )
      select (select count(*) from held)::int as held, (select count(*) from message)::int as stored`);
    return Number((result as unknown as { rows: { held: number }[] }).rows[0]!.held);
  });
  if (held === 0) throw runNotHeld(runId);
}
