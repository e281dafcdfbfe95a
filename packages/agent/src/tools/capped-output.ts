/**
 * Collects a stream's text up to a budget, keeping the head and a rolling tail: a command's
 * first lines say what ran, its last lines how it ended. Memory stays bounded whatever it prints.
 */
export class CappedOutput {
  #head = '';
  #tail = '';
  #total = 0;
  readonly #headBudget: number;
  readonly #tailBudget: number;

  constructor(maxCharacters: number) {
    this.#headBudget = Math.ceil(maxCharacters / 2);
    this.#tailBudget = maxCharacters - this.#headBudget;
  }

  /** Adds a chunk of output. */
  append(chunk: string): void {
    this.#total += chunk.length;
    const room = this.#headBudget - this.#head.length;
    if (room > 0) {
      this.#head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk.length === 0) return;
    this.#tail = (this.#tail + chunk).slice(-this.#tailBudget);
  }

  /** Characters received, including the ones dropped. */
  get totalCharacters(): number {
    return this.#total;
  }

  /** The kept text, with a marker where the middle was dropped. */
  toString(): string {
    const omitted = this.#total - this.#head.length - this.#tail.length;
    if (omitted <= 0) return this.#head + this.#tail;
    return `${this.#head}\n[… ${omitted} characters of output omitted …]\n${this.#tail}`;
  }
}
