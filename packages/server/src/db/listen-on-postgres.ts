import type pg from 'pg';
import type { ChannelHandlers, ChannelListener } from './database.js';

/** How long to wait before connecting again after the listening connection is lost. */
const RECONNECT_DELAY_MS = 1000;

/**
 * `LISTEN channel` on a connection of its own (not one of the pool's, which come and go), for
 * {@link Database.listen} on PostgreSQL. A lost connection calls `onListening(false)` at once and is
 * replaced every {@link RECONNECT_DELAY_MS} until a new one listens (`onListening(true)`); what was
 * sent in between is gone, which is why the caller is told.
 *
 * `barrier()` is a round trip on that connection: PostgreSQL sends a listening session every
 * notification committed before a query ahead of that query's answer, so when the answer is in,
 * they have all been handled. A barrier must be sent after its caller asked; callers that ask while
 * one is in flight share the next one, so concurrent requests cost one round trip, not one each.
 */
export async function listenOnPostgres(
  driver: typeof pg,
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  let stopped = false;
  let current: pg.Client | undefined;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  const dropped = new WeakSet<pg.Client>();
  // Every way a connection fails (refused, an error, the server ending it) comes here, once each.
  const lost = (client: pg.Client) => {
    if (dropped.has(client)) return;
    dropped.add(client);
    client.end().catch(() => {});
    if (client !== current) return;
    current = undefined;
    if (listening) {
      listening = false;
      handlers.onListening(false);
    }
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
    retry.unref();
  };
  const connect = async () => {
    const client = new driver.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel && client === current) handlers.onNotify();
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${driver.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (client !== current) {
      lost(client);
      return;
    }
    listening = true;
    handlers.onListening(true);
  };
  let inFlight: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;
  const roundTrip = async (): Promise<boolean> => {
    const client = current;
    if (client === undefined || !listening) return false;
    try {
      await client.query('select 1');
    } catch {
      return false;
    }
    return client === current && listening;
  };
  const barrier = (): Promise<boolean> => {
    if (inFlight === undefined) {
      inFlight = roundTrip().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    }
    // The one in flight may have been sent before this call: wait for the one after it.
    next ??= inFlight.then(() => {
      next = undefined;
      return barrier();
    });
    return next;
  };
  await connect();
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (listening) {
      listening = false;
      handlers.onListening(false);
    }
    if (client !== undefined && !dropped.has(client)) {
      dropped.add(client);
      await client.end().catch(() => {});
    }
  };
  return { barrier, stop };
}
