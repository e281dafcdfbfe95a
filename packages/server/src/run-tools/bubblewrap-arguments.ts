import { lstatSync, readlinkSync } from 'node:fs';
import { RESOLV_CONF_FD } from './network-sandbox.js';
import { SANDBOX_GID, SANDBOX_UID } from './sandbox-environment.js';
import type { SandboxLimits } from './sandbox-limits.js';

/** Where Debian's `bubblewrap` package installs `bwrap`. */
export const DEFAULT_BWRAP_PATH = '/usr/bin/bwrap';

/** Where util-linux's `prlimit` sets the resource limits of the command it starts. */
export const PRLIMIT_PATH = '/usr/bin/prlimit';

/** Host folders every sandbox sees, read-only: the programs and their libraries. */
export const SYSTEM_FOLDERS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'] as const;

/**
 * The few files of `/etc` that programs need to start, find libraries and name things; nothing
 * that describes the host's users, services or secrets (no passwd, shadow, ssh, apt sources).
 */
const ETC_FILES = [
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/hosts',
  '/etc/nsswitch.conf',
  '/etc/mime.types',
  '/etc/services',
  '/etc/protocols',
  // Certificates only: /etc/ssl/private holds keys, and the sandbox's user is the server's own outside.
  '/etc/ssl/certs',
  '/etc/ssl/openssl.cnf',
  '/etc/ca-certificates',
] as const;

/**
 * What name resolution needs, only when the network is allowed. `/etc/resolv.conf` is not the
 * host's: it names slirp4netns's DNS forwarder (`--ro-bind-data`, see `networkSandboxPlan`).
 */
const NETWORK_ETC_FILES = ['/etc/host.conf', '/etc/gai.conf'] as const;

/** How a system folder appears in the sandbox: bound read-only, or the same link as on the host (merged /usr). */
export type SystemMount =
  | { readonly kind: 'bind'; readonly path: string }
  | { readonly kind: 'link'; readonly path: string; readonly target: string };

/** The system folders of this host as the sandbox mounts them; missing ones are left out. */
export function hostSystemMounts(): SystemMount[] {
  const mounts: SystemMount[] = [];
  for (const folder of SYSTEM_FOLDERS) {
    const stats = (() => {
      try {
        return lstatSync(folder);
      } catch {
        return undefined;
      }
    })();
    if (stats?.isSymbolicLink()) mounts.push({ kind: 'link', path: folder, target: readlinkSync(folder) });
    else if (stats?.isDirectory()) mounts.push({ kind: 'bind', path: folder });
  }
  return mounts;
}

/** What one sandboxed command may see and do. All paths are real (no links) and absolute. */
export interface SandboxSpec {
  /** The only writable host folder, at the same path inside. */
  readonly workFolder: string;
  /** Host folders visible read-only, at the same paths inside (the projection, the workspace). */
  readonly readOnlyFolders: readonly string[];
  /** The folder the command starts in (inside the work folder). */
  readonly cwd: string;
  /**
   * Keep the network namespace bwrap starts in — the one `networkSandboxPlan` makes, with
   * slirp4netns and no way to the host — and read `/etc/resolv.conf` from fd 5. Never start these
   * arguments directly with `network`: the sandbox would have the host's network. Otherwise the
   * sandbox has only its own loopback.
   */
  readonly network: boolean;
  readonly limits: SandboxLimits;
  readonly systemMounts: readonly SystemMount[];
}

/**
 * The `bwrap` arguments of one command (SPEC Y17), ending with `prlimit … --` so the shell and
 * its command follow them. Every namespace is new (user, mount, pid, ipc, uts, cgroup, and net
 * unless `network`, which keeps the namespace `networkSandboxPlan` made); no capability is kept and no further user namespace can be made; the sandbox
 * dies with its parent, and its shell is pid 1, so when it is killed nothing of the command survives. The root is an empty
 * read-only tmpfs holding only: the system folders (read-only), a short list of `/etc` files, a
 * private `/proc` and `/dev`, size-capped `/tmp` and `/dev/shm`, the read-only folders and the work
 * folder — all at their host paths, so a path means the same inside and out.
 */
export function bubblewrapArguments(spec: SandboxSpec): string[] {
  const { limits } = spec;
  const args = [
    '--unshare-all',
    // Explicit: without a user namespace bwrap would go on with the server's own rights.
    '--unshare-user',
    // Only inside networkSandboxPlan's outer bwrap: its namespace, not the host's.
    ...(spec.network ? ['--share-net'] : []),
    '--disable-userns',
    '--cap-drop',
    'ALL',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_GID),
    '--hostname',
    'sandbox',
    '--die-with-parent',
    // The shell is the namespace's pid 1 and stays in bwrap's process group (no --new-session):
    // stopping that group kills it, and with it the kernel kills every process of the namespace,
    // even one that made its own session. The terminal stays out of reach all the same: the
    // server spawns bwrap detached, in a session of its own with no controlling terminal.
    '--as-pid-1',
  ];
  for (const mount of spec.systemMounts) {
    if (mount.kind === 'bind') args.push('--ro-bind', mount.path, mount.path);
    else args.push('--symlink', mount.target, mount.path);
  }
  for (const file of [...ETC_FILES, ...(spec.network ? NETWORK_ETC_FILES : [])])
    args.push('--ro-bind-try', file, file);
  if (spec.network) args.push('--ro-bind-data', String(RESOLV_CONF_FD), '/etc/resolv.conf');
  args.push('--proc', '/proc', '--dev', '/dev');
  args.push('--size', String(limits.tmpBytes), '--tmpfs', '/tmp');
  args.push('--size', String(limits.tmpBytes), '--tmpfs', '/dev/shm');
  // After /tmp: the folders may live under it (they do in tests) and must cover the tmpfs.
  for (const folder of spec.readOnlyFolders) args.push('--ro-bind', folder, folder);
  args.push('--bind', spec.workFolder, spec.workFolder);
  args.push('--remount-ro', '/');
  args.push('--chdir', spec.cwd);
  args.push(
    '--',
    PRLIMIT_PATH,
    `--nproc=${limits.maxProcesses}`,
    `--as=${limits.maxMemoryBytes}`,
    `--fsize=${limits.maxFileBytes}`,
    '--core=0',
    '--',
  );
  return args;
}
