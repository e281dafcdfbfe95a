/**
 * A bounded per-process cache of answers that depend only on who may read what (the skills, their
 * scopes, users, departments and memberships), each kept under the access generation the request
 * read before computing it (see the `access_generation` table). Any change to those tables moves
 * the generation at commit, in every process, so an entry is served only while nothing it depends on
 * has changed; a newer generation replaces it. Least recently used entries go first beyond
 * `capacity`. Written by hand: it is a `Map` in insertion order, and an LRU package would add a
 * dependency for ten lines.
 * @example
 * const body = await cache.get(viewer.id, principal.accessGeneration, () => render(viewer));
 */
export class AccessGenerationCache<Value> {
  readonly #capacity: number;
  readonly #entries = new Map<string, { readonly generation: string; readonly value: Value }>();

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** The entry for `key` at `generation`, computed (and kept) when missing or older. */
  async get(key: string, generation: string, compute: () => Promise<Value>): Promise<Value> {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.generation === generation) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value;
    }
    const value = await compute();
    this.#entries.delete(key);
    this.#entries.set(key, { generation, value });
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return value;
  }

  /** How many entries are kept (for tests). */
  get size(): number {
    return this.#entries.size;
  }
}
