import type { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ShellLauncher } from '@skilldock/agent/tools';
import { hostAddresses, NON_PUBLIC_IPV4_RANGES } from '@skilldock/core/network';

/** Where Debian's `slirp4netns` package installs the user-mode network stack. */
export const DEFAULT_SLIRP4NETNS_PATH = '/usr/bin/slirp4netns';

/** util-linux's `nsenter` and iproute2's `ip`: they set the sandbox's routes before the command starts. */
export const NSENTER_PATH = '/usr/bin/nsenter';
export const IP_PATH = '/bin/ip';

/** slirp4netns's DNS forwarder inside the namespace (its default 10.0.2.0/24 network). */
export const SLIRP_DNS_ADDRESS = '10.0.2.3';
/** slirp4netns's gateway, and the address it expects the namespace's side of its tap device to have. */
const SLIRP_GATEWAY_ADDRESS = '10.0.2.2';
const SLIRP_GUEST_ADDRESS = '10.0.2.100/24';
/** The tap device's MTU, the same on slirp4netns's side (`--mtu`). */
const SLIRP_MTU = 65520;

/**
 * What `slirp4netns --configure` would do to its tap device, done by the launcher instead:
 * `--configure` also sets the namespace's `lo` up, and the kernel then adds 127.0.0.1 itself — at
 * the moment bwrap adds it, so bwrap failed now and then ("loopback: Failed RTM_NEWADDR"; 2 runs
 * of 200, eight at a time). Without it only bwrap sets up `lo`.
 */
const TAP_SETUP = [
  `link set tap0 mtu ${SLIRP_MTU} up`,
  `addr add ${SLIRP_GUEST_ADDRESS} dev tap0`,
  `route add default via ${SLIRP_GATEWAY_ADDRESS} dev tap0`,
];

/** The descriptor on which the sandbox's bwrap reads its `/etc/resolv.conf` (`--ro-bind-data`). */
export const RESOLV_CONF_FD = 5;

/**
 * Destinations refused inside the sandbox (SPEC SEC8): every non-public range of the one address
 * policy — private, CGNAT, link-local and cloud metadata, multicast, reserved — but loopback, which
 * inside the namespace is the sandbox's own (the host's loopback slirp4netns refuses itself with
 * `--disable-host-loopback`). slirp's own 10.0.2.0/24 stays reachable: its route is more specific
 * than 10.0.0.0/8's. The sandbox has no IPv6, so the IPv6 ranges need no route.
 */
const ALWAYS_UNREACHABLE: readonly string[] = NON_PUBLIC_IPV4_RANGES.map((range) => range.cidr).filter(
  (cidr) => cidr !== '127.0.0.0/8',
);

/** The wrapper that joins bwrap and slirp4netns (plain JavaScript: it runs from src/ and dist/ alike). */
const WRAPPER = new URL('../../libexec/run-in-network-namespace.mjs', import.meta.url);

/**
 * What the sandbox may not reach although it has a network: every IPv4 address of the host's own
 * interfaces (a service bound to `0.0.0.0` or to the host's address would answer otherwise:
 * slirp4netns connects from the host; core's `hostAddresses`, as the fetchers use) and
 * {@link ALWAYS_UNREACHABLE}. Loopback addresses are left out: inside the namespace they are the
 * sandbox's own. The sandbox has no IPv6.
 */
export function unreachableDestinations(interfaces?: ReturnType<typeof networkInterfaces>): string[] {
  const own = [...hostAddresses(interfaces)]
    .filter((address) => /^\d+\.\d+\.\d+\.\d+$/.test(address) && !address.startsWith('127.'))
    .map((address) => `${address}/32`);
  return [...own, ...ALWAYS_UNREACHABLE];
}

/** The programs and what to refuse for {@link networkSandboxLauncher}. */
export interface NetworkSandboxOptions {
  readonly bwrapPath: string;
  readonly slirp4netnsPath: string;
  /** The sandbox's own bwrap arguments (`bubblewrapArguments` with `network: true`). */
  readonly sandboxArguments: readonly string[];
  /** CIDRs made unreachable inside (default {@link unreachableDestinations}). */
  readonly unreachable?: readonly string[];
}

/** The command lines the wrapper runs (see `libexec/run-in-network-namespace.mjs`). */
export interface NetworkSandboxPlan {
  /** The outer bwrap, then the sandbox's bwrap as its command; the shell and command follow. */
  readonly bwrap: readonly string[];
  /** slirp4netns without its last two arguments (the namespace's pid and `tap0`). */
  readonly slirp4netns: readonly string[];
  /** Enters the namespace (`{pid}` is replaced) and reads `routes` on its standard input. */
  readonly confine: readonly string[];
  readonly routes: string;
  readonly resolvConf: string;
}

/**
 * The command lines that give a sandbox its own network (SPEC Y17): a user and network namespace
 * made by an outer bwrap, slirp4netns attached to it for outbound NAT with the host's loopback
 * refused, the host's own addresses made unreachable by routes, and the sandbox's bwrap inside
 * with `--share-net` (sharing that namespace, never the host's):
 *
 * ```
 * bwrap --unshare-user --unshare-net --die-with-parent --info-fd 3 --block-fd 4 --dev-bind / /
 *   -- bwrap <sandbox arguments, --share-net, --ro-bind-data 5 /etc/resolv.conf> -- … bash -c <command>
 * slirp4netns --mtu=65520 --disable-host-loopback --enable-sandbox --enable-seccomp
 *   --ready-fd 3 --exit-fd 4 <pid from --info-fd> tap0
 * nsenter --target <pid> --user --net --preserve-credentials -- ip -batch -
 *   (tap0's address and default route, route add unreachable <host address>/32 …,
 *    route add unreachable 10.0.0.0/8, 100.64.0.0/10, 169.254.0.0/16, 172.16.0.0/12, …)
 * ```
 *
 * Two bwraps because the sandbox's own `--disable-userns` moves its process into a second user
 * namespace that does not own the network namespace, where slirp4netns could not configure it.
 */
export function networkSandboxPlan(options: NetworkSandboxOptions): NetworkSandboxPlan {
  const unreachable = options.unreachable ?? unreachableDestinations();
  return {
    bwrap: [
      options.bwrapPath,
      '--unshare-user',
      '--unshare-net',
      '--die-with-parent',
      '--info-fd',
      '3',
      '--block-fd',
      '4',
      '--dev-bind',
      '/',
      '/',
      '--',
      options.bwrapPath,
      ...options.sandboxArguments,
    ],
    slirp4netns: [
      options.slirp4netnsPath,
      `--mtu=${SLIRP_MTU}`,
      '--disable-host-loopback',
      // slirp4netns parses the sandbox's packets: it runs in an empty mount namespace under seccomp.
      '--enable-sandbox',
      '--enable-seccomp',
      '--ready-fd',
      '3',
      '--exit-fd',
      '4',
    ],
    confine: [
      NSENTER_PATH,
      '--target',
      '{pid}',
      '--user',
      '--net',
      '--preserve-credentials',
      '--',
      IP_PATH,
      '-batch',
      '-',
    ],
    routes: [...TAP_SETUP, ...unreachable.map((destination) => `route add unreachable ${destination}`)]
      .map((line) => `${line}\n`)
      .join(''),
    resolvConf: `nameserver ${SLIRP_DNS_ADDRESS}\n`,
  };
}

/**
 * Runs a sandboxed command through the wrapper with {@link networkSandboxPlan}: the server's own
 * Node starts it, and the shell tool appends `<shell> -c <command>`.
 */
export function networkSandboxLauncher(options: NetworkSandboxOptions): ShellLauncher {
  return {
    executable: process.execPath,
    args: [fileURLToPath(WRAPPER), JSON.stringify(networkSandboxPlan(options))],
  };
}
