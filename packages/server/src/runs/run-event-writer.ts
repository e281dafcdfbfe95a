import { ConflictError } from '@skilldock/core/errors';
import { sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { storableJsonText } from '../text/storable-text.js';
import type { RunEventBus } from './run-event-bus.js';
import type { StoredRunEvent } from './stored-run-event.js';
import { mergeNestedTextDeltas } from './subagent-events.js';

/** Most events one insert writes. */
const MAX_BATCH = 200;

/**
 * Writes a running run's events in order without making the loop wait on the database: `push`
 * queues an event, and one background flush at a time inserts everything queued since the last
 * one in a single statement (a streamed answer's many `text-delta` events cost one round trip per
 * flush, not one each), numbering them from the run's last stored `seq`, then wakes this process's
 * streams. A sub-agent's `text-delta` still waiting in the queue takes in the next one of the same
 * call and turn (`mergeNestedTextDeltas`), so nested answers are stored in few rows. A `seq` taken meanwhile by another writer (the lost-run sweep) renumbers and retries.
 * `drain()` waits for everything pushed and rethrows a failed write.
 *
 * Writes are fenced (SPEC O1): given the `workerId` holding the run, an insert stores nothing once
 * the row is no longer `running` for that worker (the sweep handed the run to another worker), and
 * the writer fails with `run_not_held` — a worker the platform gave up on never adds to the
 * stream its successor writes. `checkpoint` stores everything pushed so far, then the caller's
 * checkpoint statement.
 */
export class RunEventWriter {
  readonly #db: SkilldockDatabase;
  readonly #runId: string;
  readonly #bus: RunEventBus;
  #queue: StoredRunEvent[] = [];
  /** How many events at the queue's front the running flush is inserting (never merged into). */
  #inserting = 0;
  #nextSeq: number | undefined;
  #flushing: Promise<void> | undefined;
  #failure: unknown;
  readonly #workerId: string | undefined;
  #closed = false;

  constructor(db: SkilldockDatabase, runId: string, bus: RunEventBus, workerId?: string) {
    this.#db = db;
    this.#runId = runId;
    this.#bus = bus;
    this.#workerId = workerId;
  }

  /** Drops what is queued and ignores later pushes: the run is being handed back or was lost. */
  close(): void {
    this.#closed = true;
    this.#queue = this.#queue.slice(0, this.#inserting);
  }

  /**
   * Stores every event pushed so far, then runs `write` — one statement, so that it is atomic on
   * its own (`writeRunCheckpoint`); the stream is notified once the events are stored. Events
   * still queued (none once the flush has drained, which is the rule) are stored with `write` in
   * one transaction.
   */
  async checkpoint(write: (db: SkilldockDatabase | SkilldockTransaction) => Promise<void>): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    while (this.#flushing !== undefined) await this.#flushing;
    if (this.#failure !== undefined) throw this.#failure;
    const pending = this.#queue;
    this.#queue = [];
    try {
      if (pending.length === 0) await write(this.#db);
      else
        await this.#db.transaction(async (tx) => {
          await this.#insertAll(tx, pending);
          await write(tx);
        });
    } catch (error) {
      this.#failure = error;
      this.#nextSeq = undefined;
      throw error;
    }
    if (pending.length > 0) this.#bus.notify(this.#runId);
  }

  /** Queues `event`; it is written by the running or next flush. Throws once a write has failed. */
  push(event: StoredRunEvent): void {
    if (this.#closed) return;
    if (this.#failure !== undefined) throw this.#failure;
    const last = this.#queue.length > this.#inserting ? this.#queue.at(-1) : undefined;
    const merged = last === undefined ? undefined : mergeNestedTextDeltas(last, event);
    if (merged === undefined) this.#queue.push(event);
    else this.#queue[this.#queue.length - 1] = merged;
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
    });
  }

  /** Resolves when every pushed event is stored; rejects with the first write's failure. */
  async drain(): Promise<void> {
    while (this.#flushing !== undefined) await this.#flushing;
    if (this.#failure !== undefined) throw this.#failure;
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.slice(0, MAX_BATCH);
        this.#inserting = batch.length;
        await this.#insert(this.#db, batch);
        this.#queue = this.#queue.slice(batch.length);
        this.#inserting = 0;
        this.#bus.notify(this.#runId);
      }
    } catch (error) {
      this.#failure = error;
    }
  }

  /** Inserts `events` in batches. */
  async #insertAll(db: SkilldockDatabase | SkilldockTransaction, events: readonly StoredRunEvent[]) {
    for (let start = 0; start < events.length; start += MAX_BATCH)
      await this.#insert(db, events.slice(start, start + MAX_BATCH));
  }

  async #insert(
    db: SkilldockDatabase | SkilldockTransaction,
    batch: readonly StoredRunEvent[],
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (this.#nextSeq === undefined) {
        const result = await db.execute(
          sql`select coalesce(max(seq), 0) + 1 as next from run_events where run_id = ${this.#runId}`,
        );
        this.#nextSeq = Number((result as unknown as { rows: { next: number }[] }).rows[0]!.next);
      }
      const first = this.#nextSeq;
      const rows = batch.map(
        (event, index) =>
          sql`(${this.#runId}, ${first + index}, ${event.type}, ${storableJsonText(event.data)}::jsonb)`,
      );
      try {
        if (this.#workerId === undefined) {
          await db.execute(
            sql`insert into run_events (run_id, seq, type, data) values ${sql.join(rows, sql`, `)}`,
          );
        } else {
          const result = await db.execute(
            sql`insert into run_events (run_id, seq, type, data)
              select v.run_id, v.seq::integer, v.type, v.data from (values ${sql.join(rows, sql`, `)}) as v (run_id, seq, type, data)
              where exists (select 1 from runs where id = ${this.#runId} and worker_id = ${this.#workerId} and status = 'running')
              returning seq`,
          );
          if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw runNotHeld(this.#runId);
        }
        this.#nextSeq = first + batch.length;
        return;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
        this.#nextSeq = undefined;
      }
    }
  }
}

/** A write for a run this worker no longer holds (the sweep handed it on, or it was cancelled away). */
export function runNotHeld(runId: string): ConflictError {
  return new ConflictError(
    'run_not_held',
    'This worker no longer holds the run: another worker took it over from its last checkpoint.',
    { details: { runId } },
  );
}
