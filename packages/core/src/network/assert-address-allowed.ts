import { SecurityError } from '../errors.js';
import { canonicalAddress } from './canonical-address.js';
import { hostAddresses } from './host-addresses.js';
import { isPublicUnicastAddress } from './is-public-unicast-address.js';

/**
 * Which addresses a connection may reach (SPEC SEC8). `public`: public unicast addresses that are
 * not the host's own — the default. `loopback`: those and loopback, for a URL whose host is itself a
 * loopback name when the caller opted in (`allowInsecureLocalhost`: tests and local servers).
 * `any`: a host the operator listed by name (`allowed_hosts`, `learn.allowedHosts`) may live on a
 * private network.
 */
export type AddressAllowance = 'public' | 'loopback' | 'any';

/** What {@link assertAddressAllowed} checks against. */
export interface AssertAddressAllowedOptions {
  /** The host name the address was resolved from, for the message. */
  readonly host: string;
  /** Default `public`. */
  readonly allowance?: AddressAllowance;
  /** Default {@link hostAddresses}. */
  readonly ownAddresses?: ReadonlySet<string>;
}

/**
 * Refuses a resolved (or literal) address that the allowance does not cover: the one check every
 * fetcher runs on the address it is about to connect to, on every hop (SPEC SEC8).
 * @throws SecurityError `address_not_public` (details `host`, `address`).
 * @example assertAddressAllowed('10.0.0.5', { host: 'wiki.internal' }) // throws address_not_public
 */
export function assertAddressAllowed(address: string, options: AssertAddressAllowedOptions): void {
  const allowance = options.allowance ?? 'public';
  if (allowance === 'any') return;
  const bare = canonicalAddress(address);
  if (allowance === 'loopback' && isLoopbackAddress(bare)) return;
  const own = (options.ownAddresses ?? hostAddresses()).has(bare);
  if (!own && isPublicUnicastAddress(bare)) return;
  throw new SecurityError(
    'address_not_public',
    `Refusing ${options.host}: it resolves to ${bare}, ${own ? "one of this machine's own addresses" : 'which is not a public address'}; loopback, private, link-local, cloud metadata and the host's own addresses are never fetched.`,
    { details: { host: options.host, address: bare } },
  );
}

function isLoopbackAddress(address: string): boolean {
  // Canonical spelling: an IPv4-mapped loopback address is already 127.x here.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1';
}
