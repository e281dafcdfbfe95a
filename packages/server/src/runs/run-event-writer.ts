import { sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
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

  constructor(db: SkilldockDatabase, runId: string, bus: RunEventBus) {
    this.#db = db;
    this.#runId = runId;
    this.#bus = bus;
  }

  /** Queues `event`; it is written by the running or next flush. Throws once a write has failed. */
  push(event: StoredRunEvent): void {
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
        await this.#insert(batch);
        this.#queue = this.#queue.slice(batch.length);
        this.#inserting = 0;
        this.#bus.notify(this.#runId);
      }
    } catch (error) {
      this.#failure = error;
    }
  }

  async #insert(batch: readonly StoredRunEvent[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (this.#nextSeq === undefined) {
        const result = await this.#db.execute(
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
        await this.#db.execute(
          sql`insert into run_events (run_id, seq, type, data) values ${sql.join(rows, sql`, `)}`,
        );
        this.#nextSeq = first + batch.length;
        return;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
        this.#nextSeq = undefined;
      }
    }
  }
}
