import { isIP } from 'node:net';
import { type AddressAllowance, assertAddressAllowed } from './assert-address-allowed.js';
import { type ResolveHost, systemResolve } from './public-address-lookup.js';

/** What {@link resolvePublicAddresses} resolves with and allows. */
export interface ResolvePublicAddressesOptions {
  /** Default `public`. */
  readonly allowance?: AddressAllowance;
  /** Default the system resolver. */
  readonly resolve?: ResolveHost;
}

/**
 * Resolves a URL's host and checks every address it has against the allowance (SPEC SEC8), for a
 * client that resolves names itself (git): the caller pins the connection to these addresses
 * (`git -c http.curloptResolve=host:port:address`), so a second answer cannot point elsewhere.
 * A literal address is checked as it is.
 * @throws SecurityError `address_not_public`; the resolver's error (`ENOTFOUND`, …).
 * @example await resolvePublicAddresses(new URL('https://github.com/a/b.git')) // ['140.82.121.4']
 */
export async function resolvePublicAddresses(
  url: URL,
  options: ResolvePublicAddressesOptions = {},
): Promise<string[]> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const addresses =
    isIP(host) === 0
      ? (await (options.resolve ?? systemResolve)(host)).map((entry) => entry.address)
      : [host];
  for (const address of addresses)
    assertAddressAllowed(address, { host: url.host, allowance: options.allowance ?? 'public' });
  return addresses;
}
