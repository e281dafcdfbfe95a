import { networkInterfaces } from 'node:os';
import { canonicalAddress } from './canonical-address.js';

/**
 * The host's own addresses (every interface, IPv4 and IPv6, loopback left out; each as
 * {@link canonicalAddress} spells it): a service bound
 * to `0.0.0.0` answers on each of them, so no sandbox or fetcher may reach them (SPEC SEC8) even
 * when they are public. Read afresh on each call: interfaces come and go.
 * @example hostAddresses() // Set { '192.0.2.10', '2001:db8::10' }
 */
export function hostAddresses(
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): Set<string> {
  const own = new Set<string>();
  for (const addresses of Object.values(interfaces))
    for (const address of addresses ?? []) if (!address.internal) own.add(canonicalAddress(address.address));
  return own;
}
