import { EventEmitter } from 'node:events';

/**
 * In-process wake-ups for run streams: a worker in this process says "run X has new events" and
 * the SSE streams of X in this process read them at once instead of at their next poll. Streams
 * of runs executed by another process poll the database (SPEC Y16); this only shortens the wait.
 */
export class RunEventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open stream: hundreds of clients may watch runs at once.
    this.#emitter.setMaxListeners(0);
  }

  /** Wakes the streams of `runId`. */
  notify(runId: string): void {
    this.#emitter.emit(runId);
  }

  /** Asks the worker of `runId` in this process, if any, to cancel it now (others see the row flag). */
  cancel(runId: string): void {
    this.#emitter.emit(`cancel:${runId}`);
  }

  /** Calls `listener` when {@link cancel} names `runId`; returns the function that stops listening. */
  onCancel(runId: string, listener: () => void): () => void {
    this.#emitter.on(`cancel:${runId}`, listener);
    return () => this.#emitter.off(`cancel:${runId}`, listener);
  }

  /** Resolves when `runId` is notified or after `timeoutMs`, whichever comes first; `signal` ends it early. */
  wait(runId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#emitter.off(runId, done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.#emitter.on(runId, done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
