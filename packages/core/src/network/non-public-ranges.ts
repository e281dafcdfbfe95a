/** A block of addresses, written as a CIDR, and why it is in its list. */
export interface AddressRange {
  readonly cidr: string;
  readonly reason: string;
}

/**
 * IPv4 blocks no outbound connection from a sandbox or a fetcher may reach (SPEC SEC8): IANA's
 * special-purpose blocks that are not globally reachable, plus cloud metadata addresses that sit
 * in public space. The sandbox turns every entry into an unreachable route; the fetchers refuse
 * a resolved address inside any of them. 198.18.0.0/15 (benchmarking) is left out on purpose:
 * proxy tools in "fake-IP" DNS mode (Clash, Surge) answer every name with an address there, and
 * refusing it would cut such machines off from every host; nothing private lives there.
 */
export const NON_PUBLIC_IPV4_RANGES: readonly AddressRange[] = Object.freeze([
  { cidr: '0.0.0.0/8', reason: 'this network' },
  { cidr: '10.0.0.0/8', reason: 'private (RFC 1918)' },
  {
    cidr: '100.64.0.0/10',
    reason: 'carrier-grade NAT (RFC 6598; 100.100.100.200 is a cloud metadata address)',
  },
  { cidr: '127.0.0.0/8', reason: 'loopback' },
  { cidr: '169.254.0.0/16', reason: 'link-local (169.254.169.254 is the cloud metadata address)' },
  { cidr: '172.16.0.0/12', reason: 'private (RFC 1918)' },
  { cidr: '192.0.0.0/24', reason: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', reason: 'documentation (TEST-NET-1)' },
  { cidr: '192.88.99.0/24', reason: '6to4 relay anycast (deprecated)' },
  { cidr: '192.168.0.0/16', reason: 'private (RFC 1918)' },
  { cidr: '198.51.100.0/24', reason: 'documentation (TEST-NET-2)' },
  { cidr: '203.0.113.0/24', reason: 'documentation (TEST-NET-3)' },
  { cidr: '224.0.0.0/4', reason: 'multicast' },
  { cidr: '240.0.0.0/4', reason: 'reserved, and the broadcast address' },
  { cidr: '168.63.129.16/32', reason: "Azure's host service (WireServer), a cloud metadata address" },
]);

/**
 * The only IPv6 block public hosts live in (global unicast, 2000::/3). Everything outside it is
 * refused: loopback ::1, unspecified ::, unique local fc00::/7 (AWS's metadata fd00:ec2::254),
 * link-local fe80::/10, multicast ff00::/8 — except {@link IPV4_EMBEDDING_IPV6_RANGES}.
 */
export const GLOBAL_UNICAST_IPV6_RANGE = '2000::/3';

/** Blocks inside {@link GLOBAL_UNICAST_IPV6_RANGE} that are not public hosts either. */
export const NON_PUBLIC_IPV6_RANGES: readonly AddressRange[] = Object.freeze([
  { cidr: '2001::/23', reason: 'IETF protocol assignments (Teredo, benchmarking, ORCHID)' },
  { cidr: '2001:db8::/32', reason: 'documentation' },
  { cidr: '2002::/16', reason: '6to4 (deprecated; it embeds any IPv4 address)' },
  { cidr: '3fff::/20', reason: 'documentation' },
]);

/**
 * IPv6 blocks that carry an IPv4 address in their last 32 bits: that address decides
 * (`::ffff:127.0.0.1` is loopback; a NAT64 address of a public host is public).
 */
export const IPV4_EMBEDDING_IPV6_RANGES: readonly AddressRange[] = Object.freeze([
  { cidr: '::ffff:0:0/96', reason: 'IPv4-mapped' },
  { cidr: '64:ff9b::/96', reason: 'NAT64 (RFC 6052)' },
]);
