import ipaddr from 'ipaddr.js';
import {
  GLOBAL_UNICAST_IPV6_RANGE,
  IPV4_EMBEDDING_IPV6_RANGES,
  NON_PUBLIC_IPV4_RANGES,
  NON_PUBLIC_IPV6_RANGES,
} from './non-public-ranges.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

// Parsed once: the predicate runs on every connection a fetcher opens.
const parse = (cidr: string): Cidr => ipaddr.parseCIDR(cidr);
const NON_PUBLIC_IPV4 = NON_PUBLIC_IPV4_RANGES.map((range) => parse(range.cidr));
const GLOBAL_UNICAST_IPV6 = parse(GLOBAL_UNICAST_IPV6_RANGE);
const NON_PUBLIC_IPV6 = NON_PUBLIC_IPV6_RANGES.map((range) => parse(range.cidr));
const IPV4_EMBEDDING_IPV6 = IPV4_EMBEDDING_IPV6_RANGES.map((range) => parse(range.cidr));

/**
 * True when `address` (an IPv4 or IPv6 address as text, as DNS answers it or a URL's host names
 * it; IPv6 may be in brackets and carry a zone) is a public unicast address a sandbox or a fetcher
 * may connect to (SPEC SEC8): not in {@link NON_PUBLIC_IPV4_RANGES}, inside 2000::/3 and not in
 * {@link NON_PUBLIC_IPV6_RANGES}; an IPv4-mapped or NAT64 address is judged by the IPv4 address it
 * carries. Anything that is not an address is not public. The host's own addresses are not known
 * here: {@link hostAddresses} lists them.
 * @example isPublicUnicastAddress('100.100.100.200') // false: carrier-grade NAT, a metadata address
 * @example isPublicUnicastAddress('::ffff:7f00:1') // false: 127.0.0.1
 */
export function isPublicUnicastAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Only the canonical forms: `0x7f.1` or `127.1` are not how a resolver or the URL parser spells an address.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return false;
  return isPublic(ipaddr.parse(bare));
}

function isPublic(address: Address): boolean {
  if (address.kind() === 'ipv4') return !NON_PUBLIC_IPV4.some((range) => address.match(range));
  const ipv6 = address as ipaddr.IPv6;
  if (IPV4_EMBEDDING_IPV6.some((range) => ipv6.match(range))) {
    const [, , , , , , high = 0, low = 0] = ipv6.parts;
    return isPublic(new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]));
  }
  return ipv6.match(GLOBAL_UNICAST_IPV6) && !NON_PUBLIC_IPV6.some((range) => ipv6.match(range));
}
