import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AgentTool } from '@skilldock/agent/tools';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bubblewrapArguments,
  createRunTools,
  DEFAULT_BWRAP_PATH,
  type SandboxLimits,
} from '../../src/run-tools/index.js';
import {
  findPidsCgroups,
  LAUNCHER_TASK_ALLOWANCE,
  type PidsCgroups,
} from '../../src/run-tools/pids-cgroup.js';
import {
  BOB_SECRET,
  DATA_SECRET,
  PDF_SKILL,
  type RunFoldersFixture,
  runFoldersFixture,
} from './run-folders-fixture.js';

/** Builds the run's tools and returns its shell; fails loudly (never skips) when the sandbox is unavailable. */
async function sandboxedShell(
  fixture: RunFoldersFixture,
  options: { network?: boolean; limits?: Partial<SandboxLimits>; pidsCgroups?: PidsCgroups | false } = {},
): Promise<AgentTool> {
  const runTools = await createRunTools({
    projectionDirectory: fixture.projection,
    workspaceDirectory: fixture.workspace,
    workFolder: fixture.workFolder,
    shell: { enabled: true, network: options.network ?? false },
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.pidsCgroups === undefined ? {} : { pidsCgroups: options.pidsCgroups }),
  });
  const shell = runTools.tools.find((tool) => tool.name === 'shell');
  if (shell === undefined)
    throw new Error(
      `The sandboxed shell is unavailable: ${runTools.notices.map((notice) => notice.message).join(' ')}`,
    );
  return shell;
}

/** Processes on the host whose command line holds `marker`. */
function hostProcessesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function waitUntilNoProcessWith(marker: string, timeoutMs = 10_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = hostProcessesWith(marker);
    if (left.length === 0 || Date.now() > until) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('sandboxed shell (bubblewrap)', () => {
  let fixture: RunFoldersFixture;
  let shell: AgentTool;
  let run: (command: string, extra?: Record<string, unknown>) => ReturnType<AgentTool['execute']>;
  const secretName = 'SKILLDOCK_SANDBOX_TEST_API_KEY';
  const secretValue = 'sk-sandbox-test-3d9e1f2a7b';
  const harmlessName = 'SKILLDOCK_SANDBOX_TEST_PLAIN';
  beforeEach(async () => {
    process.env[secretName] = secretValue;
    process.env[harmlessName] = 'plain-server-variable';
    fixture = await runFoldersFixture();
    shell = await sandboxedShell(fixture);
    run = (command, extra = {}) => shell.execute({ command, ...extra }, fixture.context());
  });
  afterEach(async () => {
    delete process.env[secretName];
    delete process.env[harmlessName];
    await fixture.remove();
  });

  it('Y17 bubblewrap is installed at /usr/bin/bwrap (the test script installs the Debian package bubblewrap)', () => {
    expect(existsSync(DEFAULT_BWRAP_PATH), 'install the Debian package bubblewrap').toBe(true);
  });

  it('Y17 runs in the work folder, reads the projection at its own path and leaves its files on the host', async () => {
    const result = await run(`pwd; cat ${fixture.projection}/pdf/guide.txt; echo made > out.txt; id -u`);
    expect(result).toEqual({
      content: `${fixture.workFolder}\npdf guide\n1000\n\nExit code: 0`,
      isError: false,
    });
    expect(await readFile(path.join(fixture.workFolder, 'out.txt'), 'utf8')).toBe('made\n');
  });

  it('Y17 cannot write a skill: the projection and the workspace are mounted read-only, even to a remount', async () => {
    const skill = path.join(fixture.projection, 'pdf', 'SKILL.md');
    const personal = path.join(fixture.workspace, 'agents', 'skills', 'notes', 'SKILL.md');
    const result = await run(
      `echo hijacked >> ${skill}; echo hijacked > ${personal}; touch ${fixture.projection}/new.md; ` +
        `chmod 777 ${skill}; mount -o remount,rw ${fixture.projection}; echo hijacked >> ${skill}; echo done`,
    );
    expect(result.content.match(/Read-only file system/g)?.length).toBeGreaterThanOrEqual(4);
    expect(await readFile(skill, 'utf8')).toBe(PDF_SKILL);
    expect(await readFile(personal, 'utf8')).toBe('notes skill\n');
    expect(existsSync(path.join(fixture.projection, 'new.md'))).toBe(false);
    expect((await stat(skill)).mode & 0o777).not.toBe(0o777);
  });

  it("Y15 cannot see another user's projection, the data folder or the host's files", async () => {
    const result = await run(
      `cat ${fixture.bobSecretFile}; cat ${fixture.dataSecretFile}; ls ${fixture.dataDir}/projections; ` +
        'ls /; cat /etc/passwd /etc/shadow; ls /etc/ssl/private; ls /root /home /var 2>&1 | head -3; hostname',
    );
    expect(result.content).not.toContain(BOB_SECRET);
    expect(result.content).not.toContain(DATA_SECRET);
    expect(result.content).toContain(`${fixture.bobSecretFile}: No such file or directory`);
    expect(result.content).toContain(`${fixture.dataSecretFile}: No such file or directory`);
    // Only the caller's own projection exists in the sandbox's picture of the data folder.
    expect(result.content).toMatch(/^alice$/m);
    expect(result.content).not.toMatch(/^bob$/m);
    expect(result.content).toContain('/etc/passwd: No such file or directory');
    expect(result.content).toContain("ls: cannot access '/etc/ssl/private': No such file or directory");
    expect(result.content).toContain("ls: cannot access '/root': No such file or directory");
    expect(result.content).toMatch(/^sandbox$/m);
  });

  it('Y17 SEC3 the environment is scrubbed: no server variable, not even through /proc/1/environ', async () => {
    const result = await run("env; echo; tr '\\0' '\\n' < /proc/1/environ; echo; ps -eo pid,args");
    expect(result.isError).toBe(false);
    expect(result.content).not.toContain(secretValue);
    expect(result.content).not.toContain('plain-server-variable');
    expect(result.content).not.toContain(process.env.HOME ?? 'no-home');
    expect(result.content).toContain('PATH=/usr/local/bin:/usr/bin:/bin');
    // pid 1 is the command's own shell: the server's processes are not visible.
    expect(result.content).not.toContain(String(process.pid));
    expect(result.content).not.toMatch(/\bnode\b|vitest/);
  });

  it('Y17 has no terminal to type into, and background processes end with the command', async () => {
    const marker = `background-${process.pid}-${Date.now()}`;
    const result = await run(`tty; cat /dev/tty; (exec -a ${marker} sleep 120) & echo started`);
    expect(result.content).toContain('not a tty');
    expect(result.content).toContain('/dev/tty: No such device or address');
    expect(result.content).toMatch(/^started$/m);
    expect(result.content).toMatch(/Exit code: 0$/);
    expect(await waitUntilNoProcessWith(marker)).toEqual([]);
  });

  it('Y15 links planted in the work folder that point out lead nowhere, and .. and / stay inside', async () => {
    await symlink(fixture.bobSecretFile, path.join(fixture.workFolder, 'bob.md'));
    await symlink(fixture.dataDir, path.join(fixture.workFolder, 'data'));
    const result = await run(
      'cat bob.md; ls data/; cat data/database.txt; cat ../../projections/bob/skills/secret/SKILL.md; ' +
        `ln ${fixture.projection}/pdf/SKILL.md hard.md; ` +
        'cd / && touch planted; cd .. && touch planted-up; ln -s /proc/1/root/etc/shadow shadow; cat shadow; echo end',
    );
    expect(result.content).not.toContain(BOB_SECRET);
    expect(result.content).not.toContain(DATA_SECRET);
    expect(result.content).toContain('cat: bob.md: No such file or directory');
    // A hard link cannot join the read-only projection to the writable work folder.
    expect(result.content).toContain('Invalid cross-device link');
    expect(existsSync(path.join(fixture.workFolder, 'hard.md'))).toBe(false);
    expect(result.content).toContain("touch: cannot touch 'planted': Read-only file system");
    expect(existsSync(path.join(fixture.dataDir, 'run-work', 'planted-up'))).toBe(false);
    // A link the sandbox made is refused by the host-side file tools too.
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workFolder: fixture.workFolder,
      shell: { enabled: false, network: false },
    });
    const readFileTool = runTools.tools.find((tool) => tool.name === 'read_file')!;
    const read = await readFileTool.execute({ path: 'shadow' }, fixture.context());
    expect(read.isError).toBe(true);
  });

  it('Y17 refuses a working folder outside the work folder before anything runs', async () => {
    const result = await run('touch escaped', { cwd: fixture.projection });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Refused');
    expect((await run('pwd', { cwd: '..' })).content).toContain('Refused');
  });

  describe('network', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((_request, response) => response.end('host-service-answer'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const fetchHost = (p: number) =>
      `exec 3<>/dev/tcp/127.0.0.1/${p} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`;

    it('Y17 has no network unless the agent allows it: the host loopback is not reachable', async () => {
      const result = await run(fetchHost(port));
      expect(result.isError).toBe(true);
      expect(result.content).toContain('Connection refused');
      expect(result.content).not.toContain('host-service-answer');
    });

    // With the network allowed: Y17-sandbox-network.test.ts (its own namespace, never the host's).
  });

  // Linux never applies RLIMIT_NPROC to processes whose real user is the host's root (the sandbox's
  // uid 1000 maps to the caller's uid): as root the limit holds only through the command's pids
  // cgroup (pids-cgroup.ts). Without one, as root, a bomb would fill the host's process table (seen
  // in CI), so then only a bounded burst is run.
  const runsAsRoot = process.getuid?.() === 0;
  const hostCgroups = findPidsCgroups();
  const processLimitHolds = !runsAsRoot || hostCgroups !== undefined;

  it('SEC4 as root, a burst of background processes still ends with the command at its timeout', async () => {
    const marker = `burst-${process.pid}-${Date.now()}`;
    const result = await run(`for i in $(seq 1 60); do (exec -a ${marker} sleep 120) & done; sleep 60`, {
      timeout_ms: 1500,
    });
    expect(result.content).toContain('Timed out after 1500 ms');
    expect(await waitUntilNoProcessWith(marker)).toEqual([]);
  });

  it.runIf(processLimitHolds)(
    'SEC4 stops a fork bomb at the process limit and the timeout, leaving no process behind',
    async () => {
      const marker = `forkbomb-${process.pid}-${Date.now()}`;
      // A small limit: the bomb proves the limit and the timeout without crowding the machine's
      // process table while the rest of the suite (PostgreSQL, Chromium, servers) forks too.
      const bounded = await sandboxedShell(fixture, { limits: { maxProcesses: 16 } });
      const limits = await bounded.execute({ command: 'ulimit -u; ulimit -c' }, fixture.context());
      expect(limits.content).toBe('16\n0\n\nExit code: 0');
      const result = await bounded.execute(
        { command: `: ${marker}; bomb() { bomb | bomb & }; bomb; sleep 60`, timeout_ms: 3000 },
        fixture.context(),
      );
      expect(result.isError).toBe(true);
      expect(result.content).toContain('Timed out after 3000 ms');
      expect(await waitUntilNoProcessWith(marker)).toEqual([]);
    },
  );

  it.runIf(hostCgroups !== undefined)(
    'SEC4 each command runs in a pids cgroup of its own: the limit plus the launcher’s allowance, empty after',
    async () => {
      const made: { folder: string; maxTasks: number }[] = [];
      const recording: PidsCgroups = {
        parent: hostCgroups!.parent,
        create: (maxTasks) => {
          const folder = hostCgroups!.create(maxTasks);
          made.push({ folder, maxTasks });
          return folder;
        },
      };
      const shell = await sandboxedShell(fixture, { limits: { maxProcesses: 16 }, pidsCgroups: recording });
      const result = await shell.execute({ command: 'sleep 0.2 & echo spawned; wait' }, fixture.context());
      expect(made).toHaveLength(1);
      expect(made[0]!.maxTasks).toBe(16 + LAUNCHER_TASK_ALLOWANCE);
      expect(readFileSync(path.join(made[0]!.folder, 'pids.max'), 'utf8').trim()).toBe(
        String(16 + LAUNCHER_TASK_ALLOWANCE),
      );
      expect(result.content).toContain('spawned');
      // The sandbox ended with its command: nothing is left in the cgroup.
      expect(readFileSync(path.join(made[0]!.folder, 'pids.current'), 'utf8').trim()).toBe('0');
    },
  );

  it('SEC4 as root without a pids cgroup the shell says its process limit is not enforced', async () => {
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workspaceDirectory: fixture.workspace,
      workFolder: fixture.workFolder,
      shell: { enabled: true, network: false },
      pidsCgroups: false,
    });
    const codes = runTools.notices.map((notice) => notice.code);
    expect(codes.includes('sandbox_process_limit_unenforced')).toBe(runsAsRoot);
    expect(runTools.tools.some((tool) => tool.name === 'shell')).toBe(true);
    const withCgroups = await createRunTools({
      projectionDirectory: fixture.projection,
      workspaceDirectory: fixture.workspace,
      workFolder: fixture.workFolder,
      shell: { enabled: true, network: false },
    });
    expect(withCgroups.notices.some((notice) => notice.code === 'sandbox_process_limit_unenforced')).toBe(
      runsAsRoot && hostCgroups === undefined,
    );
  });

  it('SEC4 a command that outlives its timeout is stopped with everything it started', async () => {
    const marker = `sleeper-${process.pid}-${Date.now()}`;
    // One of them leaves the process group for a session of its own: the namespace still ends.
    const result = await run(
      `(exec -a ${marker} sleep 120) & setsid bash -c ': ${marker}; sleep 120' & (exec -a ${marker} sleep 120) & wait`,
      { timeout_ms: 1500 },
    );
    expect(result.content).toContain('Timed out after 1500 ms');
    expect(await waitUntilNoProcessWith(marker)).toEqual([]);
  });

  it('SEC4 huge output is capped (head and tail kept) and big files hit the size limit', async () => {
    const limited = await sandboxedShell(fixture, {
      limits: { maxOutputCharacters: 2000, maxFileBytes: 1024 * 1024 },
    });
    const output = await limited.execute(
      { command: "echo START; head -c 50000000 /dev/zero | tr '\\0' 'a'; echo; echo END" },
      fixture.context(),
    );
    expect(output.content.length).toBeLessThan(2200);
    expect(output.content).toMatch(/^START/);
    expect(output.content).toContain('characters of output omitted');
    expect(output.content).toContain('END');
    const big = await limited.execute({ command: 'head -c 5000000 /dev/zero > big.bin' }, fixture.context());
    expect(big.isError).toBe(true);
    expect(big.content).toMatch(/File size limit exceeded|Ended by signal SIGXFSZ|Exit code: 153/);
    expect((await stat(path.join(fixture.workFolder, 'big.bin'))).size).toBeLessThanOrEqual(1024 * 1024);
    const smallTmp = await sandboxedShell(fixture, { limits: { tmpBytes: 1024 * 1024 } });
    const tmp = await smallTmp.execute(
      { command: 'head -c 5000000 /dev/zero > /tmp/fill' },
      fixture.context(),
    );
    expect(tmp.isError).toBe(true);
    expect(tmp.content).toContain('No space left on device');
    const shm = await smallTmp.execute(
      { command: 'head -c 5000000 /dev/zero > /dev/shm/fill' },
      fixture.context(),
    );
    expect(shm.content).toContain('No space left on device');
  });

  it('Y17 the command line: every namespace new, no capability, only the run folders bound', () => {
    const args = bubblewrapArguments({
      workFolder: '/data/run-work/r1',
      readOnlyFolders: ['/data/projections/u1/skills'],
      cwd: '/data/run-work/r1',
      network: false,
      limits: {
        defaultTimeoutMs: 1,
        maxTimeoutMs: 1,
        maxOutputCharacters: 1,
        maxProcesses: 256,
        maxMemoryBytes: 4294967296,
        maxFileBytes: 536870912,
        tmpBytes: 268435456,
      },
      systemMounts: [
        { kind: 'bind', path: '/usr' },
        { kind: 'link', path: '/bin', target: 'usr/bin' },
      ],
    });
    expect(args.join(' ')).toMatchInlineSnapshot(
      `"--unshare-all --unshare-user --disable-userns --cap-drop ALL --uid 1000 --gid 1000 --hostname sandbox --die-with-parent --as-pid-1 --ro-bind /usr /usr --symlink usr/bin /bin --ro-bind-try /etc/alternatives /etc/alternatives --ro-bind-try /etc/ld.so.cache /etc/ld.so.cache --ro-bind-try /etc/ld.so.conf /etc/ld.so.conf --ro-bind-try /etc/ld.so.conf.d /etc/ld.so.conf.d --ro-bind-try /etc/localtime /etc/localtime --ro-bind-try /etc/hosts /etc/hosts --ro-bind-try /etc/nsswitch.conf /etc/nsswitch.conf --ro-bind-try /etc/mime.types /etc/mime.types --ro-bind-try /etc/services /etc/services --ro-bind-try /etc/protocols /etc/protocols --ro-bind-try /etc/ssl/certs /etc/ssl/certs --ro-bind-try /etc/ssl/openssl.cnf /etc/ssl/openssl.cnf --ro-bind-try /etc/ca-certificates /etc/ca-certificates --proc /proc --dev /dev --size 268435456 --tmpfs /tmp --size 268435456 --tmpfs /dev/shm --ro-bind /data/projections/u1/skills /data/projections/u1/skills --bind /data/run-work/r1 /data/run-work/r1 --remount-ro / --chdir /data/run-work/r1 -- /usr/bin/prlimit --nproc=256 --as=4294967296 --fsize=536870912 --core=0 --"`,
    );
  });
});
