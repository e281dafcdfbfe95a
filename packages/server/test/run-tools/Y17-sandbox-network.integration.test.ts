import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import type { AgentTool } from '@skilldock/agent/tools';
import { NON_PUBLIC_IPV4_RANGES } from '@skilldock/core/network';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bubblewrapArguments,
  createRunTools,
  DEFAULT_BWRAP_PATH,
  DEFAULT_SANDBOX_LIMITS,
  DEFAULT_SLIRP4NETNS_PATH,
  hostSystemMounts,
  networkSandboxLauncher,
  networkSandboxPlan,
  type RunTools,
  unreachableDestinations,
} from '../../src/run-tools/index.js';
import { type RunFoldersFixture, runFoldersFixture } from './run-folders-fixture.js';

/** The host's first IPv4 address that is not loopback: the only non-loopback address a test can bind. */
const HOST_ADDRESS = Object.values(networkInterfaces())
  .flatMap((addresses) => addresses ?? [])
  .find((address) => address.family === 'IPv4' && !address.internal)?.address;
const HOST_IPV6 = Object.values(networkInterfaces())
  .flatMap((addresses) => addresses ?? [])
  .find(
    (address) => address.family === 'IPv6' && !address.internal && !address.address.startsWith('fe80'),
  )?.address;

/** A command that sends one HTTP request to host:port and prints the answer (10 s at most). */
const request = (host: string, port: number) =>
  `timeout 10 bash -c 'exec 3<>/dev/tcp/${host}/${port} && printf "GET / HTTP/1.0\\r\\n\\r\\n" >&3 && cat <&3'; echo "exit=$?"`;

/** An HTTP server answering `answer`, counting the connections it got. */
async function listen(
  host: string,
  answer: string,
): Promise<{ server: Server; port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((_request, response) => response.end(answer));
  server.on('connection', () => {
    hits += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits: () => hits };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * Pids of the slirp4netns processes started under this test process (its descendants), from `ps`
 * output of `pid ppid comm` lines: another test file's sandboxes, in another worker, never count.
 * slirp4netns forks a short-lived child of the same name at start (it enters the namespace to open
 * the tap device and hands the descriptor back); a poll that lands then sees it, and it is not a
 * second stack, so a slirp4netns whose parent is one is left out.
 */
function ownSlirps(listing: string): Set<string> {
  const parents = new Map<string, string>();
  const slirps: string[] = [];
  for (const line of listing.split('\n')) {
    const [pid, ppid, command] = line.trim().split(/\s+/);
    if (pid === undefined || ppid === undefined) continue;
    parents.set(pid, ppid);
    if (command === 'slirp4netns') slirps.push(pid);
  }
  const mine = String(process.pid);
  const slirpSet = new Set(slirps);
  return new Set(
    slirps.filter((pid) => {
      if (slirpSet.has(parents.get(pid) ?? '')) return false;
      for (let parent = parents.get(pid), hops = 0; parent !== undefined && hops < 16; hops += 1) {
        if (parent === mine) return true;
        parent = parents.get(parent);
      }
      return false;
    }),
  );
}

const PS_ARGUMENTS = ['-eo', 'pid=,ppid=,comm='];

/** Which of `pids` are still slirp4netns processes, whatever their parent is now (an orphan counts). */
function stillRunningSlirps(pids: readonly string[]): string[] {
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'slirp4netns';
    } catch {
      return false;
    }
  });
}

/** Pids of this test process's slirp4netns processes running now, asked without blocking this process. */
function slirpProcessesNow(): Promise<Set<string>> {
  return new Promise((resolve) =>
    execFile('ps', PS_ARGUMENTS, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (_error, stdout) =>
      resolve(ownSlirps(stdout ?? '')),
    ),
  );
}

/**
 * Runs `during` while collecting the slirp4netns processes that appear, then waits until they are
 * gone. The polling is asynchronous: a synchronous pgrep during a fork bomb would stall this
 * process, and with it the timers that stop the command.
 */
async function slirpsStartedDuring<T>(
  during: (seenOne: () => Promise<void>) => Promise<T>,
): Promise<{ result: T; seen: string[]; left: string[] }> {
  const before = await slirpProcessesNow();
  const seen = new Set<string>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      for (const pid of await slirpProcessesNow()) if (!before.has(pid)) seen.add(pid);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  // For a `during` that must not end its command before the watcher has seen slirp4netns (a
  // loaded machine may run the polls slower than the command's whole life).
  const seenOne = async () => {
    const until = Date.now() + 10_000;
    while (seen.size === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  };
  const result = await during(seenOne);
  watching = false;
  await watcher;
  const until = Date.now() + 10_000;
  let left = stillRunningSlirps([...seen]);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = stillRunningSlirps([...seen]);
  }
  return { result, seen: [...seen], left };
}

async function networkedRunTools(
  fixture: RunFoldersFixture,
  options: { slirp4netnsPath?: string; maxProcesses?: number } = {},
): Promise<RunTools> {
  return createRunTools({
    projectionDirectory: fixture.projection,
    workspaceDirectory: fixture.workspace,
    workFolder: fixture.workFolder,
    shell: { enabled: true, network: true },
    ...(options.slirp4netnsPath === undefined ? {} : { slirp4netnsPath: options.slirp4netnsPath }),
    ...(options.maxProcesses === undefined ? {} : { limits: { maxProcesses: options.maxProcesses } }),
  });
}

function shellOf(runTools: RunTools): AgentTool {
  const shell = runTools.tools.find((tool) => tool.name === 'shell');
  if (shell === undefined)
    throw new Error(
      `The sandboxed shell is unavailable: ${runTools.notices.map((notice) => notice.message).join(' ')}`,
    );
  return shell;
}

describe('a network-allowed sandbox has its own network (slirp4netns)', () => {
  let fixture: RunFoldersFixture;
  let runTools: RunTools;
  let run: (command: string, extra?: Record<string, unknown>) => ReturnType<AgentTool['execute']>;
  let loopback: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    loopback = await listen('127.0.0.1', 'loopback-service-answer');
  });
  afterAll(() => close(loopback.server));
  beforeEach(async () => {
    fixture = await runFoldersFixture();
    runTools = await networkedRunTools(fixture);
    expect(runTools.notices).toEqual([]);
    const shell = shellOf(runTools);
    run = (command, extra = {}) => shell.execute({ command, ...extra }, fixture.context());
  });
  afterEach(() => fixture.remove());

  it('Y17 the programs are installed (the test script installs the Debian packages bubblewrap, slirp4netns, util-linux, iproute2)', () => {
    expect(existsSync(DEFAULT_BWRAP_PATH), 'install the Debian package bubblewrap').toBe(true);
    expect(existsSync(DEFAULT_SLIRP4NETNS_PATH), 'install the Debian package slirp4netns').toBe(true);
    expect(existsSync('/usr/bin/nsenter'), 'install the Debian package util-linux').toBe(true);
    expect(existsSync('/bin/ip'), 'install the Debian package iproute2').toBe(true);
    expect(HOST_ADDRESS, 'the host needs a non-loopback IPv4 address for these tests').toBeDefined();
  });

  it('Y17 offers the shell with the network and no notice, and tells the model what it reaches', () => {
    expect(runTools.notices).toEqual([]);
    expect(runTools.layout).toContain(
      "the network is reachable (outbound only: this server's own addresses are not)",
    );
  });

  it("Y17 the host's loopback is unreachable: neither 127.0.0.1 (the sandbox's own) nor slirp's 10.0.2.2 alias", async () => {
    const own = await run(request('127.0.0.1', loopback.port));
    expect(own.content).toContain('Connection refused');
    const alias = await run(request('10.0.2.2', loopback.port));
    expect(alias.content).toContain('Network is unreachable');
    for (const result of [own, alias]) {
      expect(result.content).not.toContain('loopback-service-answer');
      expect(result.content).toContain('exit=1');
    }
    expect(loopback.hits()).toBe(0);
  });

  it('Y17 PostgreSQL on 127.0.0.1:5432 (trust auth) answers the host but not the sandbox', async () => {
    const hostReaches = await new Promise<boolean>((resolve) => {
      const socket = connect(5432, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    expect(hostReaches, 'the test machine runs PostgreSQL on 127.0.0.1:5432').toBe(true);
    const result = await run(
      'for host in 127.0.0.1 10.0.2.2; do timeout 10 bash -c "exec 3<>/dev/tcp/$host/5432" && echo "open $host"; done; echo done',
    );
    expect(result.content).not.toMatch(/^open /m);
    expect(result.content).toContain('/dev/tcp/127.0.0.1/5432: Connection refused');
    expect(result.content).toContain('/dev/tcp/10.0.2.2/5432: Network is unreachable');
  });

  it("Y17 the host's own non-loopback address is unreachable too (a service bound there or on 0.0.0.0)", async () => {
    const onHost = await listen(HOST_ADDRESS!, 'host-address-answer');
    const onAll = await listen('0.0.0.0', 'all-addresses-answer');
    try {
      const result = await run(
        `${request(HOST_ADDRESS!, onHost.port)}; ${request(HOST_ADDRESS!, onAll.port)}`,
      );
      expect(result.content.match(/No route to host/g)?.length).toBeGreaterThanOrEqual(2);
      expect(result.content).not.toContain('-answer');
      expect(onHost.hits() + onAll.hits()).toBe(0);
      if (HOST_IPV6 !== undefined) {
        const v6 = await run(
          `timeout 10 bash -c 'exec 3<>/dev/tcp/${HOST_IPV6}/${onAll.port}'; echo "exit=$?"`,
        );
        expect(v6.content).toContain('exit=1');
        expect(onAll.hits()).toBe(0);
      }
    } finally {
      await close(onHost.server);
      await close(onAll.server);
    }
  });

  it("Y17 inside: slirp's interface and DNS, the refusing routes, no capability to change them, no stray descriptor", async () => {
    const result = await run(
      'ip -4 -o addr; ip route; cat /etc/resolv.conf; echo hijack > /etc/resolv.conf; ' +
        `ip route del unreachable ${HOST_ADDRESS}; grep CapEff /proc/self/status; ls /proc/self/fd; echo end`,
    );
    expect(result.content).toMatch(/^\d+: tap0\s+inet 10\.0\.2\.100\/24/m);
    expect(result.content).toMatch(/^default via 10\.0\.2\.2 dev tap0/m);
    expect(result.content).toContain(`unreachable ${HOST_ADDRESS} `);
    expect(result.content).toContain('unreachable 169.254.0.0/16');
    expect(result.content).toMatch(/^nameserver 10\.0\.2\.3$/m);
    expect(result.content).toContain('/etc/resolv.conf: Read-only file system');
    expect(result.content).toContain('RTNETLINK answers: Operation not permitted');
    expect(result.content).toMatch(/^CapEff:\s+0+$/m);
    // ls's own directory descriptor is 3; the info, block and resolv.conf descriptors are closed.
    expect(result.content).toMatch(/^0\n1\n2\n/m);
    expect(result.content).not.toMatch(/^[45]$/m);
  });

  it('SEC8 private, CGNAT and metadata ranges are unreachable inside, and slirp DNS stays reachable', async () => {
    const result = await run(
      'ip route; for target in 10.1.2.3 172.16.0.9 192.168.1.1 100.100.100.200 169.254.169.254; do ' +
        'timeout 3 bash -c "exec 3<>/dev/tcp/$target/80" && echo "open $target"; done; ' +
        'ip route get 10.0.2.3',
    );
    for (const cidr of ['10.0.0.0/8', '100.64.0.0/10', '172.16.0.0/12', '192.168.0.0/16', '224.0.0.0/4'])
      expect(result.content).toContain(`unreachable ${cidr} `);
    for (const target of ['10.1.2.3', '172.16.0.9', '192.168.1.1', '100.100.100.200', '169.254.169.254'])
      expect(result.content).toContain(`/dev/tcp/${target}/80: No route to host`);
    expect(result.content).not.toMatch(/^open /m);
    expect(result.content).toMatch(/^10\.0\.2\.3 dev tap0/m);
  });

  it('Y17 slirp4netns ends with the command: on success, on timeout with background processes, with sixty of them', async () => {
    const done = await slirpsStartedDuring(() => run('sleep 0.5; echo finished'));
    expect(done.result.content).toBe('finished\n\nExit code: 0');
    expect(done.seen.length).toBe(1);
    expect(done.left).toEqual([]);

    const timedOut = await slirpsStartedDuring(() =>
      run('(sleep 120) & setsid bash -c "sleep 120" & sleep 120', { timeout_ms: 1500 }),
    );
    expect(timedOut.result.content).toContain('Timed out after 1500 ms');
    expect(timedOut.seen.length).toBe(1);
    expect(timedOut.left).toEqual([]);

    // A burst of background processes, not a fork bomb (that one is in Y17-sandboxed-shell, where
    // the limit is proven): what this proves is that all of them end with slirp4netns.
    const burst = await slirpsStartedDuring(() =>
      run('for i in $(seq 1 60); do sleep 120 & done; sleep 60', { timeout_ms: 3000 }),
    );
    expect(burst.result.content).toContain('Timed out after 3000 ms');
    expect(burst.seen.length).toBe(1);
    expect(burst.left).toEqual([]);
  }, 60_000);

  it('Y17 when the wrapper itself is killed, bwrap and slirp4netns end with it', async () => {
    const marker = `orphan-${process.pid}-${Date.now()}`;
    const launcher = networkSandboxLauncher({
      bwrapPath: DEFAULT_BWRAP_PATH,
      slirp4netnsPath: DEFAULT_SLIRP4NETNS_PATH,
      sandboxArguments: bubblewrapArguments({
        workFolder: fixture.workFolder,
        readOnlyFolders: [],
        cwd: fixture.workFolder,
        network: true,
        limits: DEFAULT_SANDBOX_LIMITS,
        systemMounts: hostSystemMounts(),
      }),
    });
    const watched = await slirpsStartedDuring(async (seenOne) => {
      const wrapper = spawn(
        launcher.executable,
        [...launcher.args, 'bash', '-c', `echo up; exec -a ${marker} sleep 120`],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      await new Promise<void>((resolve) => wrapper.stdout.once('data', () => resolve()));
      await seenOne(); // the sandbox sleeps for 120 s: its slirp4netns lives until the kill
      wrapper.kill('SIGKILL');
      await new Promise((resolve) => wrapper.once('exit', resolve));
    });
    expect(watched.seen.length).toBe(1);
    expect(watched.left).toEqual([]);
    const running = () => execFileSync('pgrep', ['-f', marker]).toString();
    const until = Date.now() + 10_000;
    while (
      Date.now() < until &&
      (() => {
        try {
          running();
          return true;
        } catch {
          return false;
        }
      })()
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running).toThrow(); // pgrep exits 1: the sandboxed sleep is gone
  });
});

describe('outbound NAT through slirp4netns (what the refusing routes leave open)', () => {
  let fixture: RunFoldersFixture;
  beforeEach(async () => {
    fixture = await runFoldersFixture();
  });
  afterEach(() => fixture.remove());

  // No internet here, and the host's own address is the only non-loopback one: so the proof of
  // outbound NAT runs the same sandbox without the route for that address. It shows slirp4netns
  // alone (--disable-host-loopback) does reach the host's eth0 address — why the routes exist.
  it('Y17 a server on a non-loopback address answers through slirp4netns when no route refuses it', async () => {
    const remote = await listen(HOST_ADDRESS!, 'outbound-answer');
    try {
      const launcher = networkSandboxLauncher({
        bwrapPath: DEFAULT_BWRAP_PATH,
        slirp4netnsPath: DEFAULT_SLIRP4NETNS_PATH,
        sandboxArguments: bubblewrapArguments({
          workFolder: fixture.workFolder,
          readOnlyFolders: [],
          cwd: fixture.workFolder,
          network: true,
          limits: DEFAULT_SANDBOX_LIMITS,
          systemMounts: hostSystemMounts(),
        }),
        unreachable: ['169.254.0.0/16'],
      });
      // Asynchronously: the server answering lives in this process.
      const output = await new Promise<string>((resolve, reject) =>
        execFile(
          launcher.executable,
          [...launcher.args, 'bash', '-c', request(HOST_ADDRESS!, remote.port)],
          { encoding: 'utf8', timeout: 20_000 },
          (error, stdout) => (error === null ? resolve(stdout) : reject(error)),
        ),
      );
      expect(output).toContain('outbound-answer');
      expect(output).toContain('exit=0');
      expect(remote.hits()).toBe(1);
    } finally {
      await close(remote.server);
    }
  });
});

describe('route set-up that fails for a moment', () => {
  let fixture: RunFoldersFixture;
  beforeEach(async () => {
    fixture = await runFoldersFixture();
  });
  afterEach(() => fixture.remove());

  // A CI run once saw `ip -batch` fail on line 1 just after slirp4netns said it was ready. The
  // wrapper tries a failed line again from that line on; here the first attempt applies line 1 and
  // then fails on line 2 as `ip` would, and the second must get lines 2… (never line 1 again).
  it('Y17 a failed route line is tried again from that line, and the refusing routes still hold', async () => {
    const launcher = networkSandboxLauncher({
      bwrapPath: DEFAULT_BWRAP_PATH,
      slirp4netnsPath: DEFAULT_SLIRP4NETNS_PATH,
      sandboxArguments: bubblewrapArguments({
        workFolder: fixture.workFolder,
        readOnlyFolders: [],
        cwd: fixture.workFolder,
        network: true,
        limits: DEFAULT_SANDBOX_LIMITS,
        systemMounts: hostSystemMounts(),
      }),
      unreachable: ['169.254.0.0/16'],
    });
    const plan = JSON.parse(launcher.args[1]!) as { confine: string[] };
    const attempts = path.join(fixture.dataDir, 'attempts');
    const realConfine = plan.confine.map((arg) => (arg === '{pid}' ? '"$1"' : `'${arg}'`)).join(' ');
    const script = [
      `n=$(ls ${attempts}.* 2>/dev/null | wc -l); cat > ${attempts}.$n`,
      `if [ "$n" = 0 ]; then head -n 1 ${attempts}.$n | ${realConfine} || exit 2; echo 'Command failed -:2' >&2; exit 1; fi`,
      `${realConfine} < ${attempts}.$n`,
    ].join('\n');
    plan.confine = ['/bin/bash', '-c', script, 'confine', '{pid}'];
    const output = execFileSync(
      launcher.executable,
      [launcher.args[0]!, JSON.stringify(plan), 'bash', '-c', 'ip route show; echo exit=$?'],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(output).toContain('default via 10.0.2.2 dev tap0');
    expect(output).toContain('unreachable 169.254.0.0/16');
    expect(output).toContain('exit=0');
    expect(readFileSync(`${attempts}.0`, 'utf8').split('\n')[0]).toBe('link set tap0 mtu 65520 up');
    expect(readFileSync(`${attempts}.1`, 'utf8').split('\n').filter(Boolean)).toEqual([
      'addr add 10.0.2.100/24 dev tap0',
      'route add default via 10.0.2.2 dev tap0',
      'route add unreachable 169.254.0.0/16',
    ]);
  });
});

describe("without slirp4netns the shell has no network, never the host's", () => {
  let fixture: RunFoldersFixture;
  let loopback: Awaited<ReturnType<typeof listen>>;
  beforeEach(async () => {
    fixture = await runFoldersFixture();
    loopback = await listen('127.0.0.1', 'loopback-service-answer');
  });
  afterEach(async () => {
    await close(loopback.server);
    await fixture.remove();
  });

  it('Y17 a missing slirp4netns leaves the shell network-less with a notice saying to install it', async () => {
    const missing = path.join(fixture.dataDir, 'no-such-slirp4netns');
    const runTools = await networkedRunTools(fixture, { slirp4netnsPath: missing });
    expect(runTools.notices).toEqual([
      {
        tool: 'shell',
        code: 'sandbox_network_unavailable',
        message: expect.stringContaining(`${missing} is not installed (the Debian package slirp4netns)`),
      },
    ]);
    expect(runTools.notices[0]!.message).toContain('Install slirp4netns on the server');
    expect(runTools.layout).toContain('there is no network.');
    const shell = shellOf(runTools);
    expect(shell.description).toContain('There is no network.');
    const result = await shell.execute(
      { command: `ip -4 -o addr; ${request('127.0.0.1', loopback.port)}` },
      fixture.context(),
    );
    expect(result.content).toMatch(/^1: lo\s+inet 127\.0\.0\.1\/8/m);
    expect(result.content).not.toContain('tap0');
    expect(result.content).toContain('Connection refused');
    expect(loopback.hits()).toBe(0);
  });

  it('Y17 a slirp4netns that cannot attach here is quoted, and the shell stays network-less', async () => {
    const refusing = path.join(fixture.dataDir, 'refusing-slirp4netns');
    await writeFile(
      refusing,
      '#!/bin/sh\necho "open(/dev/net/tun): No such file or directory" >&2\nexit 1\n',
      {
        mode: 0o755,
      },
    );
    const runTools = await networkedRunTools(fixture, { slirp4netnsPath: refusing });
    expect(runTools.notices).toEqual([
      {
        tool: 'shell',
        code: 'sandbox_network_unavailable',
        message: expect.stringContaining(
          "the sandbox's own network cannot be set up on this host (The sandbox's network could not be set up: slirp4netns ended before the network was ready (1): open(/dev/net/tun): No such file or directory)",
        ),
      },
    ]);
    const result = await shellOf(runTools).execute(
      { command: request('127.0.0.1', loopback.port) },
      fixture.context(),
    );
    expect(result.content).toContain('Connection refused');
    expect(loopback.hits()).toBe(0);
  });
});

describe('the network command lines', () => {
  it('Y17 SEC8 unreachable destinations: every non-loopback IPv4 address of the host, and every non-public range', () => {
    expect(
      unreachableDestinations({
        lo: [
          {
            address: '127.0.0.1',
            netmask: '255.0.0.0',
            family: 'IPv4',
            mac: '00:00:00:00:00:00',
            internal: true,
            cidr: '127.0.0.1/8',
          },
        ],
        eth0: [
          {
            address: '192.0.2.2',
            netmask: '255.255.255.0',
            family: 'IPv4',
            mac: '02:00:00:00:00:01',
            internal: false,
            cidr: '192.0.2.2/24',
          },
          {
            address: 'fd00::2',
            netmask: 'ffff:ffff:ffff:ffff::',
            family: 'IPv6',
            mac: '02:00:00:00:00:01',
            internal: false,
            cidr: 'fd00::2/64',
            scopeid: 0,
          },
        ],
        docker0: [
          {
            address: '172.17.0.1',
            netmask: '255.255.0.0',
            family: 'IPv4',
            mac: '02:00:00:00:00:02',
            internal: false,
            cidr: '172.17.0.1/16',
          },
        ],
      }),
    ).toEqual([
      '192.0.2.2/32',
      '172.17.0.1/32',
      // SEC8: every non-public range of core's one address policy but loopback (the sandbox's own).
      ...NON_PUBLIC_IPV4_RANGES.map((range) => range.cidr).filter((cidr) => cidr !== '127.0.0.0/8'),
    ]);
  });

  it("Y17 the sandbox's own arguments with the network: the outer namespace kept, slirp's resolv.conf from fd 5", () => {
    const args = bubblewrapArguments({
      workFolder: '/data/run-work/r1',
      readOnlyFolders: [],
      cwd: '/data/run-work/r1',
      network: true,
      limits: DEFAULT_SANDBOX_LIMITS,
      systemMounts: [],
    }).join(' ');
    expect(args).toMatch(/^--unshare-all --unshare-user --share-net --disable-userns /);
    expect(args).toContain(
      '--ro-bind-try /etc/gai.conf /etc/gai.conf --ro-bind-data 5 /etc/resolv.conf --proc',
    );
    expect(args).not.toContain('--ro-bind-try /etc/resolv.conf');
  });

  it('Y17 the plan: an outer bwrap owning the network namespace, slirp4netns refusing host loopback, routes, DNS', () => {
    const plan = networkSandboxPlan({
      bwrapPath: '/usr/bin/bwrap',
      slirp4netnsPath: '/usr/bin/slirp4netns',
      sandboxArguments: ['--unshare-all', '--share-net', '…'],
      unreachable: ['192.0.2.2/32', '169.254.0.0/16'],
    });
    expect(plan).toMatchInlineSnapshot(`
      {
        "bwrap": [
          "/usr/bin/bwrap",
          "--unshare-user",
          "--unshare-net",
          "--die-with-parent",
          "--info-fd",
          "3",
          "--block-fd",
          "4",
          "--dev-bind",
          "/",
          "/",
          "--",
          "/usr/bin/bwrap",
          "--unshare-all",
          "--share-net",
          "…",
        ],
        "confine": [
          "/usr/bin/nsenter",
          "--target",
          "{pid}",
          "--user",
          "--net",
          "--preserve-credentials",
          "--",
          "/bin/ip",
          "-batch",
          "-",
        ],
        "resolvConf": "nameserver 10.0.2.3
      ",
        "routes": "link set tap0 mtu 65520 up
      addr add 10.0.2.100/24 dev tap0
      route add default via 10.0.2.2 dev tap0
      route add unreachable 192.0.2.2/32
      route add unreachable 169.254.0.0/16
      ",
        "slirp4netns": [
          "/usr/bin/slirp4netns",
          "--mtu=65520",
          "--disable-host-loopback",
          "--enable-sandbox",
          "--enable-seccomp",
          "--ready-fd",
          "3",
          "--exit-fd",
          "4",
        ],
      }
    `);
  });
});
