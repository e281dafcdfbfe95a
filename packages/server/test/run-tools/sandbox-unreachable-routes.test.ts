import { NON_PUBLIC_IPV4_RANGES } from '@skilldock/core/network';
import { describe, expect, it } from 'vitest';
import { networkSandboxPlan, unreachableDestinations } from '../../src/run-tools/index.js';

/** The `ip -batch` lines a network sandbox gets, for a host with one public and one docker address. */
function routes(): string[] {
  const unreachable = unreachableDestinations({
    eth0: [
      {
        address: '198.51.99.7',
        netmask: '255.255.255.0',
        family: 'IPv4',
        mac: '02:00:00:00:00:01',
        internal: false,
        cidr: '198.51.99.7/24',
      },
    ],
  });
  const plan = networkSandboxPlan({
    bwrapPath: '/usr/bin/bwrap',
    slirp4netnsPath: '/usr/bin/slirp4netns',
    sandboxArguments: [],
    unreachable,
  });
  return plan.routes.trim().split('\n');
}

describe('the sandbox refuses every non-public range (SEC8)', () => {
  it.each([
    '10.0.0.0/8',
    '172.16.0.0/12',
    '192.168.0.0/16',
    '100.64.0.0/10',
    '169.254.0.0/16',
    '0.0.0.0/8',
    '224.0.0.0/4',
    '240.0.0.0/4',
    '168.63.129.16/32',
  ])('SEC8 Y17 %s gets an unreachable route', (cidr) => {
    expect(routes()).toContain(`route add unreachable ${cidr}`);
  });

  it("SEC8 Y17 every range of the one address policy is routed unreachable but loopback (the sandbox's own)", () => {
    const lines = routes();
    for (const range of NON_PUBLIC_IPV4_RANGES)
      if (range.cidr !== '127.0.0.0/8')
        expect(lines, range.reason).toContain(`route add unreachable ${range.cidr}`);
    expect(lines).not.toContain('route add unreachable 127.0.0.0/8');
  });

  it("SEC8 Y17 the host's own public address is unreachable too, and slirp's network stays routed", () => {
    const lines = routes();
    expect(lines).toContain('route add unreachable 198.51.99.7/32');
    // slirp's 10.0.2.0/24 (its DNS 10.0.2.3) is the tap device's own, more specific than 10.0.0.0/8.
    expect(lines.slice(0, 3)).toEqual([
      'link set tap0 mtu 65520 up',
      'addr add 10.0.2.100/24 dev tap0',
      'route add default via 10.0.2.2 dev tap0',
    ]);
  });
});
