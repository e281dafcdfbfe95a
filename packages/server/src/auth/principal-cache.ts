import type { ChannelListener } from '../db/database.js';
import type { Principal } from './principal.js';

/** One remembered principal: until when it holds (a session's expiry), and a token's last recorded use. */
export interface CachedPrincipal {
  readonly principal: Principal;
  /** Epoch milliseconds after which the entry is not served (a session's expiry); none for a token. */
  readonly expiresAt?: number;
  /** A token's `last_used_at` as this process last read or wrote it. */
  lastUsedAt?: Date | null;
}

/**
 * Who each session or token is (SPEC Y1), kept per process so that a request need not look it up —
 * and never served after a change that makes it wrong, in any process. The database notifies the
 * `skilldock_auth` channel at the commit of any change to sessions, tokens (but a token's last use
 * moving forward), or anything that moves the access generation (users, roles, departments,
 * memberships, skills); every process listens, and each notification empties the cache. Before an
 * entry is served, the listener's barrier confirms that every notification committed before the
 * request has arrived (one `select 1` on PostgreSQL, shared by all requests waiting at once; free
 * on PGlite), so a revocation committed by another process holds for the very next request. While
 * the listening connection is down nothing is kept, and every request asks the database. A load
 * that started before a notification is not kept after it (the epoch moved), so a lookup racing a
 * revocation cannot put the old answer back. Keys are the SHA-256 of the secret, never the secret;
 * the oldest entries go first beyond `capacity`.
 */
export class PrincipalCache {
  readonly #capacity: number;
  readonly #entries = new Map<string, CachedPrincipal>();
  #epoch = 0;
  #listening = false;
  #barrier: () => Promise<boolean> = async () => false;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Whether change notifications arrive: entries are kept only while they do. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.invalidate();
  }

  /** What confirms that every change committed so far has been heard (see {@link ChannelListener.barrier}). */
  useBarrier(barrier: () => Promise<boolean>): void {
    this.#barrier = barrier;
  }

  /** Forgets every entry (a change was committed somewhere, or this process wrote). */
  invalidate(): void {
    this.#epoch += 1;
    this.#entries.clear();
  }

  /** The entry for `key`, loaded (and kept, when nothing changed meanwhile) when missing or expired. */
  async resolve(key: string, load: () => Promise<CachedPrincipal | null>): Promise<CachedPrincipal | null> {
    if (!(await this.#barrier())) return load();
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      if (entry.expiresAt === undefined || entry.expiresAt > Date.now()) return entry;
      this.#entries.delete(key);
    }
    const epoch = this.#epoch;
    const loaded = await load();
    if (loaded !== null && this.#listening && this.#epoch === epoch) {
      this.#entries.set(key, loaded);
      if (this.#entries.size > this.#capacity) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
    }
    return loaded;
  }

  /** How many entries are kept (for tests). */
  get size(): number {
    return this.#entries.size;
  }
}
