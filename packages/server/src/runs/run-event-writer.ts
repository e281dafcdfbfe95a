import { ConflictError } from '@skilldock/core/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { storableJsonText } from '../text/storable-text.js';
import type { RunEventBus } from './run-event-bus.js';
import type { StoredRunEvent } from './stored-run-event.js';
import { mergeNestedTextDeltas } from './subagent-events.js';

/** Most events one insert writes. */
const MAX_BATCH = 200;

/** Events a checkpoint stores in its own statement: the writer's queue, numbered from `first`. */
export interface PendingRunEvents {
  readonly first: number;
  readonly events: readonly StoredRunEvent[];
}

/** The `values` rows of `events` numbered from `first` (text PostgreSQL cannot store escaped, SEC11). */
export function runEventRows(runId: string, { first, events }: PendingRunEvents): SQL[] {
  return events.map(
    (event, index) =>
      sql`(${runId}, ${first + index}, ${event.type}, ${storableJsonText(event.data)}::jsonb)`,
  );
}

/**
 * Writes a running run's events in order without making the loop wait on the database: `push`
 * queues an event, and one flush at a time — started once the events of the current tick are
 * queued — inserts everything queued since the last one in a single statement (a streamed answer's
 * many `text-delta` events cost one round trip per flush, not one each), numbering them from the
 * run's last stored `seq`, then wakes this process's streams. A sub-agent's `text-delta` still waiting in the queue takes in the next one of the same
 * call and turn (`mergeNestedTextDeltas`), so nested answers are stored in few rows. A `seq` taken meanwhile by another writer (the lost-run sweep) renumbers and retries.
 * `drain()` waits for everything pushed and rethrows a failed write.
 *
 * Writes are fenced (SPEC O1): given the `workerId` holding the run, an insert stores nothing once
 * the row is no longer `running` for that worker (the sweep handed the run to another worker), and
 * the writer fails with `run_not_held` — a worker the platform gave up on never adds to the
 * stream its successor writes. `checkpoint` stores the events still queued and the caller's
 * checkpoint in one statement, after every write before it.
 */
export class RunEventWriter {
  readonly #db: SkilldockDatabase;
  readonly #runId: string;
  readonly #bus: RunEventBus;
  #queue: StoredRunEvent[] = [];
  /** How many events at the queue's front the running flush is inserting (never merged into). */
  #inserting = 0;
  #nextSeq: number | undefined;
  /** The scheduled or running flush. */
  #flushing: Promise<void> | undefined;
  /** The writes in order (a flush's insert, a checkpoint): each numbers its events after the last. */
  #writes: Promise<unknown> = Promise.resolve();
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
   * Once every write before it is done, runs `write` with the events still queued, numbered after
   * the run's last stored one — one statement that stores them and the checkpoint together
   * (`writeRunCheckpoint`), so a checkpoint right after its step's events costs one round trip; the
   * stream is notified once they are stored. A `seq` taken meanwhile renumbers and retries.
   */
  async checkpoint(
    write: (db: SkilldockDatabase | SkilldockTransaction, events: PendingRunEvents) => Promise<void>,
  ): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    await this.#serial(async () => {
      if (this.#failure !== undefined) throw this.#failure;
      let pending = this.#queue;
      const stored = pending.length > 0;
      this.#queue = [];
      try {
        // A long queue goes first in batches of its own; the checkpoint takes the last one.
        while (pending.length > MAX_BATCH) {
          await this.#insert(this.#db, pending.slice(0, MAX_BATCH));
          pending = pending.slice(MAX_BATCH);
        }
        if (pending.length === 0) await write(this.#db, { first: 0, events: pending });
        else await this.#numbered(pending.length, (first) => write(this.#db, { first, events: pending }));
      } catch (error) {
        this.#failure = error;
        this.#nextSeq = undefined;
        throw error;
      }
      if (stored) this.#bus.notify(this.#runId);
    });
  }

  /** Queues `event`; it is written by the running or next flush. Throws once a write has failed. */
  push(event: StoredRunEvent): void {
    if (this.#closed) return;
    if (this.#failure !== undefined) throw this.#failure;
    const last = this.#queue.length > this.#inserting ? this.#queue.at(-1) : undefined;
    const merged = last === undefined ? undefined : mergeNestedTextDeltas(last, event);
    if (merged === undefined) this.#queue.push(event);
    else this.#queue[this.#queue.length - 1] = merged;
    this.#scheduleFlush();
  }

  /** Resolves when every pushed event is stored; rejects with the first write's failure. */
  async drain(): Promise<void> {
    while (this.#flushing !== undefined) await this.#flushing;
    await this.#writes;
    if (this.#failure !== undefined) throw this.#failure;
  }

  #scheduleFlush(): void {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
      // Pushed as the flush ended: the next one takes it.
      if (this.#queue.length > this.#inserting && this.#failure === undefined) this.#scheduleFlush();
    });
  }

  async #flush(): Promise<void> {
    // The events the current tick queues (and a checkpoint right after them) go in one statement.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#queue.length > 0 && this.#failure === undefined) {
      // One batch per turn of the writes: a checkpoint waiting takes in what was pushed meanwhile.
      await this.#serial(async () => {
        if (this.#queue.length === 0 || this.#failure !== undefined) return;
        const batch = this.#queue.slice(0, MAX_BATCH);
        this.#inserting = batch.length;
        try {
          await this.#insert(this.#db, batch);
        } catch (error) {
          this.#failure = error;
          return;
        } finally {
          this.#inserting = 0;
        }
        this.#queue = this.#queue.slice(batch.length);
        this.#bus.notify(this.#runId);
      });
    }
  }

  /** Runs `step` after every write queued before it (a failed one does not stop the next). */
  #serial<T>(step: () => Promise<T>): Promise<T> {
    const done = this.#writes.then(step);
    this.#writes = done.catch(() => {});
    return done;
  }

  /** Runs `write` with the first `seq` of `count` new events, renumbering while another writer took it. */
  async #numbered(count: number, write: (first: number) => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (this.#nextSeq === undefined) {
        const result = await this.#db.execute(
          sql`select coalesce(max(seq), 0) + 1 as next from run_events where run_id = ${this.#runId}`,
        );
        this.#nextSeq = Number((result as unknown as { rows: { next: number }[] }).rows[0]!.next);
      }
      const first = this.#nextSeq;
      try {
        await write(first);
        this.#nextSeq = first + count;
        return;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
        this.#nextSeq = undefined;
      }
    }
  }

  async #insert(db: SkilldockDatabase, batch: readonly StoredRunEvent[]): Promise<void> {
    await this.#numbered(batch.length, async (first) => {
      const rows = runEventRows(this.#runId, { first, events: batch });
      if (this.#workerId === undefined) {
        await db.execute(
          sql`insert into run_events (run_id, seq, type, data) values ${sql.join(rows, sql`, `)}`,
        );
        return;
      }
      const result = await db.execute(
        sql`insert into run_events (run_id, seq, type, data)
          select v.run_id, v.seq::integer, v.type, v.data from (values ${sql.join(rows, sql`, `)}) as v (run_id, seq, type, data)
          where exists (select 1 from runs where id = ${this.#runId} and worker_id = ${this.#workerId} and status = 'running')
          returning seq`,
      );
      if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw runNotHeld(this.#runId);
    });
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
