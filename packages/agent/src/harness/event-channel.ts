/**
 * Events pushed by a callback, read by one async iterator in order: the bridge from a run's
 * `onEvent` to `harness.stream`. Nothing is dropped; the reader waits on the next push, never on time.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  readonly #queued: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | undefined;
  #ended = false;

  push(item: T): void {
    if (this.#ended) return;
    const waiting = this.#waiting;
    if (waiting === undefined) {
      this.#queued.push(item);
      return;
    }
    this.#waiting = undefined;
    waiting({ value: item, done: false });
  }

  end(): void {
    this.#ended = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.#queued.length > 0)
          return Promise.resolve({ value: this.#queued.shift() as T, done: false });
        if (this.#ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.#waiting = resolve;
        });
      },
    };
  }
}
