import { isIPv6 } from 'node:net';

/** Limits of a {@link McpSessionTable} (SPEC SEC4). */
export interface McpSessionLimits {
  /** Most sessions open at once, every client together. */
  readonly maxSessions: number;
  /** Most sessions one client (source address, see {@link mcpClientKey}) may hold at once. */
  readonly maxSessionsPerClient: number;
  /** A session with no request for this long, and none in flight, is ended. */
  readonly idleMs: number;
}

/** Why a new session was refused: the status to answer and a message for the client. */
export interface McpSessionRefusal {
  readonly status: 429 | 503;
  readonly message: string;
}

/** A slot held for an `initialize` in progress: `commit` it under the new session id, or `release` it. */
export interface McpSessionReservation<Entry> {
  commit(id: string, entry: Entry): void;
  release(): void;
}

interface Row<Entry> {
  readonly entry: Entry;
  readonly client: string;
  lastUsed: number;
  inFlight: number;
}

/**
 * Who a request comes from, for the per-client cap: its source address, IPv4-mapped IPv6 written
 * as IPv4, and other IPv6 addresses by their /64 (one host usually holds a whole /64).
 */
export function mcpClientKey(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(remoteAddress)) return remoteAddress;
  const [head = '', tail = ''] = remoteAddress.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = remoteAddress.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * The open sessions of a streamable HTTP MCP endpoint, bounded (SPEC SEC4, MCP streamable HTTP):
 * at most `maxSessions` in all and `maxSessionsPerClient` per source address, and a session left
 * idle for `idleMs` (no request, none in flight — an open `GET` event stream counts as in flight)
 * is ended by `onExpire`. Without expiry, `initialize` requests nobody follows up would hold the
 * table full until a restart. Hand-written: the SDK leaves session bookkeeping to its host.
 */
export class McpSessionTable<Entry> {
  readonly #rows = new Map<string, Row<Entry>>();
  readonly #pending = new Map<string, number>();
  readonly #limits: McpSessionLimits;
  readonly #onExpire: (id: string, entry: Entry) => void;
  readonly #now: () => number;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(
    limits: McpSessionLimits,
    onExpire: (id: string, entry: Entry) => void,
    now: () => number = Date.now,
  ) {
    this.#limits = limits;
    this.#onExpire = onExpire;
    this.#now = now;
  }

  /** Open sessions. */
  get size(): number {
    return this.#rows.size;
  }

  get(id: string): Entry | undefined {
    return this.#rows.get(id)?.entry;
  }

  entries(): Entry[] {
    return [...this.#rows.values()].map((row) => row.entry);
  }

  /**
   * Holds a slot for a new session of `client`, or says why there is none: 429 when the client
   * holds its share, 503 when the table is full. Slots held by `initialize` requests still in
   * progress count, so concurrent requests cannot pass the caps together.
   */
  reserve(client: string): McpSessionReservation<Entry> | McpSessionRefusal {
    const pendingTotal = [...this.#pending.values()].reduce((sum, count) => sum + count, 0);
    if (this.#rows.size + pendingTotal >= this.#limits.maxSessions)
      return { status: 503, message: `Too many MCP sessions (at most ${this.#limits.maxSessions}).` };
    const held = [...this.#rows.values()].filter((row) => row.client === client).length;
    if (held + (this.#pending.get(client) ?? 0) >= this.#limits.maxSessionsPerClient)
      return {
        status: 429,
        message: `Too many MCP sessions from ${client} (at most ${this.#limits.maxSessionsPerClient}); end one with DELETE, or wait for an idle one to expire.`,
      };
    this.#pending.set(client, (this.#pending.get(client) ?? 0) + 1);
    let settled = false;
    const release = () => {
      if (settled) return;
      settled = true;
      const left = (this.#pending.get(client) ?? 1) - 1;
      if (left <= 0) this.#pending.delete(client);
      else this.#pending.set(client, left);
    };
    return {
      commit: (id, entry) => {
        release();
        this.#rows.set(id, { entry, client, lastUsed: this.#now(), inFlight: 0 });
        this.#startSweeping();
      },
      release,
    };
  }

  /** Marks a request of session `id` in flight; call the returned function when its response ends. */
  use(id: string): () => void {
    const row = this.#rows.get(id);
    if (row === undefined) return () => undefined;
    row.inFlight += 1;
    row.lastUsed = this.#now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      row.inFlight -= 1;
      row.lastUsed = this.#now();
    };
  }

  /** Forgets session `id` (it ended: DELETE, the transport closed). */
  remove(id: string): void {
    this.#rows.delete(id);
    if (this.#rows.size === 0) this.#stopSweeping();
  }

  /** Ends every session idle for `idleMs` or longer (the timer calls it too). */
  expireIdle(): void {
    const before = this.#now() - this.#limits.idleMs;
    for (const [id, row] of [...this.#rows]) {
      if (row.inFlight > 0 || row.lastUsed > before) continue;
      this.remove(id);
      this.#onExpire(id, row.entry);
    }
  }

  /** Forgets every session and stops the timer (the endpoint closes them itself). */
  clear(): void {
    this.#rows.clear();
    this.#pending.clear();
    this.#stopSweeping();
  }

  #startSweeping(): void {
    if (this.#sweeper !== undefined) return;
    // Expiry happens within 1.5 × idleMs; at most every 30 s for long idle times.
    const every = Math.max(10, Math.min(this.#limits.idleMs / 2, 30_000));
    this.#sweeper = setInterval(() => this.expireIdle(), every);
    this.#sweeper.unref();
  }

  #stopSweeping(): void {
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }
}
