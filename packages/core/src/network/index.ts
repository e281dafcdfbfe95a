/**
 * `@skilldock/core/network` — the one outbound address policy (SPEC SEC8): the ranges no sandbox
 * or fetcher may reach, the predicate over them, the host's own addresses, and a `lookup` that
 * refuses a name resolving into them so the checked address is the one connected to.
 */
export {
  type AddressAllowance,
  type AssertAddressAllowedOptions,
  assertAddressAllowed,
} from './assert-address-allowed.js';
export { canonicalAddress } from './canonical-address.js';
export { hostAddresses } from './host-addresses.js';
export { isPublicUnicastAddress } from './is-public-unicast-address.js';
export {
  type AddressRange,
  GLOBAL_UNICAST_IPV6_RANGE,
  IPV4_EMBEDDING_IPV6_RANGES,
  NON_PUBLIC_IPV4_RANGES,
  NON_PUBLIC_IPV6_RANGES,
} from './non-public-ranges.js';
export {
  type PublicAddressLookupOptions,
  publicAddressLookup,
  type ResolveHost,
  systemResolve,
} from './public-address-lookup.js';
export { readBodyWithin } from './read-body-within.js';
export {
  type ResolvePublicAddressesOptions,
  resolvePublicAddresses,
} from './resolve-public-addresses.js';
