import { writeFile } from 'node:fs';

/** Writes in flight at once: enough to overlap the file system's waits, few enough to hold little memory. */
const DEFAULT_WRITES_IN_FLIGHT = 16;

/**
 * Writes new files in the background, a bounded number at a time, for a caller that reads and
 * hashes synchronously: creating a file waits on the file system (its journal, more so right after
 * big deletions), and several creations in flight overlap those waits while the caller goes on
 * reading. `writeFile` only waits when the window is full; `flush` waits for everything and throws
 * the first failure, after every write has settled — so a cleanup never races a write.
 */
export class StagingWriter {
  readonly #limit: number;
  #active = 0;
  #failure: { error: unknown } | undefined;
  readonly #slotWaiters: (() => void)[] = [];
  readonly #idleWaiters: (() => void)[] = [];

  constructor(limit: number = DEFAULT_WRITES_IN_FLIGHT) {
    this.#limit = limit;
  }

  /** Queues `bytes` for a new file at `target` (never overwritten: `wx`) with `mode`. */
  async writeFile(target: string, bytes: Uint8Array, mode: number): Promise<void> {
    while (this.#active >= this.#limit) await new Promise<void>((resolve) => this.#slotWaiters.push(resolve));
    if (this.#failure !== undefined) throw this.#failure.error;
    this.#active++;
    // The callback API costs one thread-pool job per step and no FileHandle or promise per file.
    writeFile(target, bytes, { flag: 'wx', mode }, (error) => {
      if (error) this.#failure ??= { error };
      this.#active--;
      this.#slotWaiters.shift()?.();
      if (this.#active === 0) for (const resolve of this.#idleWaiters.splice(0)) resolve();
    });
  }

  /** Waits until every queued write has finished; throws the first one that failed. */
  async flush(): Promise<void> {
    await this.settle();
    if (this.#failure !== undefined) throw this.#failure.error;
  }

  /** Waits until every queued write has finished, failed or not. */
  async settle(): Promise<void> {
    while (this.#active > 0) await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
  }
}
