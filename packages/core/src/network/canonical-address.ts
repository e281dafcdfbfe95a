import ipaddr from 'ipaddr.js';

/**
 * An address in one spelling, so two spellings of the same address compare equal: brackets and an
 * IPv6 zone dropped, IPv4-mapped IPv6 as its IPv4 address, IPv6 compressed and lowercase. Text that
 * is not an address comes back lowercased.
 * @example canonicalAddress('[::FFFF:7F00:1]') // '127.0.0.1'
 */
export function canonicalAddress(address: string): string {
  const bare = (
    address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address
  ).toLowerCase();
  const unzoned = bare.includes(':') ? bare.replace(/%.*$/, '') : bare;
  if (!ipaddr.IPv4.isValidFourPartDecimal(unzoned) && !ipaddr.IPv6.isValid(unzoned)) return unzoned;
  return ipaddr.process(unzoned).toString();
}
