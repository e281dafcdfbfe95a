import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { type AddressAllowance, assertAddressAllowed } from './assert-address-allowed.js';

/** Resolves a host name to every address it has (tests pass one that answers what they need). */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

/** What {@link publicAddressLookup} resolves with and allows. */
export interface PublicAddressLookupOptions {
  /** Read at each lookup: a fetcher sets it per hop. Default `public`. */
  readonly allowance?: () => AddressAllowance;
  /** Default the system resolver (`dns.lookup` with `all: true`). */
  readonly resolve?: ResolveHost;
}

/** The system resolver (`dns.lookup` with `all: true`), as a {@link ResolveHost}. */
export const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * A `lookup` for `net.connect` (an http agent's or undici's `connect` options) that refuses a
 * host when ANY of its addresses is outside the allowance, so the address checked is the address
 * connected to: a name that resolves to a public address for the check and to 127.0.0.1 for the
 * connection (DNS rebinding) cannot pass (SPEC SEC8). `net` calls no lookup for a literal address:
 * check those with {@link assertAddressAllowed} before connecting.
 * @example new Agent({ connect: { lookup: publicAddressLookup() } })
 */
export function publicAddressLookup(options: PublicAddressLookupOptions = {}): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const allowance = options.allowance?.() ?? 'public';
        try {
          for (const { address } of addresses) assertAddressAllowed(address, { host: hostname, allowance });
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '', 0);
          return;
        }
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = addresses.filter((address) => wanted === 0 || address.family === wanted);
        const first = usable[0];
        if (first === undefined) {
          const missing = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
            hostname,
          });
          callback(missing, '', 0);
        } else if (lookupOptions.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [...usable]);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
