import { describe, expect, it } from 'vitest';
import {
  assertAddressAllowed,
  canonicalAddress,
  hostAddresses,
  isPublicUnicastAddress,
} from '../../src/network/index.js';

describe('isPublicUnicastAddress', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.254', 'RFC 1918'],
    ['192.168.1.1', 'RFC 1918'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT metadata'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local metadata'],
    ['168.63.129.16', 'Azure WireServer'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'IPv6 loopback'],
    ['[::1]', 'IPv6 loopback in brackets'],
    ['fc00::1', 'ULA'],
    ['fd00:ec2::254', 'AWS IPv6 metadata (ULA)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4 embedding loopback'],
    ['2001::1', 'Teredo'],
    ['localhost', 'not an address'],
    ['0x7f.1', 'not a canonical address'],
    ['', 'empty'],
  ])('SEC8 refuses %s (%s)', (address) => {
    expect(isPublicUnicastAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '140.82.112.3',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    // A proxy's fake-IP DNS answers every name from 198.18.0.0/15: refusing it would refuse every host.
    '198.18.0.1',
    '2606:4700:4700::1111',
    '[2a00:1450:4001:80b::200e]',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('SEC8 allows the public unicast address %s', (address) => {
    expect(isPublicUnicastAddress(address)).toBe(true);
  });
});

describe('assertAddressAllowed', () => {
  const none = new Set<string>();

  it('SEC8 refuses a private address with address_not_public, naming host and address', () => {
    expect(() => assertAddressAllowed('10.0.0.5', { host: 'wiki.test', ownAddresses: none })).toThrow(
      expect.objectContaining({
        code: 'address_not_public',
        details: { host: 'wiki.test', address: '10.0.0.5' },
      }),
    );
  });

  it("SEC8 refuses the host's own public address", () => {
    expect(() =>
      assertAddressAllowed('203.0.114.7', { host: 'me.test', ownAddresses: new Set(['203.0.114.7']) }),
    ).toThrow(expect.objectContaining({ code: 'address_not_public' }));
    expect(() => assertAddressAllowed('203.0.114.8', { host: 'me.test', ownAddresses: none })).not.toThrow();
  });

  it('SEC8 loopback is allowed only with the loopback allowance, and it allows nothing private', () => {
    expect(() => assertAddressAllowed('127.0.0.1', { host: 'localhost', ownAddresses: none })).toThrow();
    expect(() =>
      assertAddressAllowed('127.0.0.1', { host: 'localhost', allowance: 'loopback', ownAddresses: none }),
    ).not.toThrow();
    expect(() =>
      assertAddressAllowed('[::1]', { host: 'localhost', allowance: 'loopback', ownAddresses: none }),
    ).not.toThrow();
    expect(() =>
      assertAddressAllowed('192.168.0.1', { host: 'localhost', allowance: 'loopback', ownAddresses: none }),
    ).toThrow(expect.objectContaining({ code: 'address_not_public' }));
  });

  it('SEC8 an operator-listed host (allowance any) may be private', () => {
    expect(() => assertAddressAllowed('10.0.0.5', { host: 'git.corp', allowance: 'any' })).not.toThrow();
  });
});

describe('canonicalAddress', () => {
  it.each([
    ['[::FFFF:7F00:1]', '127.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['2001:DB8:0:0:0:0:0:10', '2001:db8::10'],
    ['fe80::1%eth0', 'fe80::1'],
    ['10.0.0.1', '10.0.0.1'],
    ['Not-An-Address', 'not-an-address'],
  ])('SEC8 spells %s as %s', (address, canonical) => {
    expect(canonicalAddress(address)).toBe(canonical);
  });

  it("SEC8 the host's own address is refused in any spelling", () => {
    const own = hostAddresses({
      eth0: [
        {
          address: '2A01:4F8::10',
          netmask: '',
          family: 'IPv6',
          mac: '',
          internal: false,
          cidr: null,
          scopeid: 0,
        },
      ],
    });
    expect(() => assertAddressAllowed('2a01:4f8:0::10', { host: 'me.test', ownAddresses: own })).toThrow(
      "one of this machine's own addresses",
    );
    expect(() =>
      assertAddressAllowed('[2a01:4f8::11]', { host: 'me.test', ownAddresses: own }),
    ).not.toThrow();
  });
});

describe('hostAddresses', () => {
  it('SEC8 lists every non-internal interface address, IPv4 and IPv6, in canonical spelling', () => {
    const own = hostAddresses({
      lo: [
        { address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '', internal: true, cidr: null },
      ],
      eth0: [
        {
          address: '192.0.2.10',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '',
          internal: false,
          cidr: null,
        },
        {
          address: '2001:DB8::10',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '',
          internal: false,
          cidr: null,
          scopeid: 0,
        },
      ],
    });
    expect([...own]).toEqual(['192.0.2.10', '2001:db8::10']);
  });
});
