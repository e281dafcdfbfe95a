import { lstatSync, readlinkSync } from 'node:fs';
import type { SandboxLimits } from './sandbox-limits.js';

/** The user a platform sandbox's command runs as by default (mapped to the server's own user outside). */
export const SANDBOX_UID = 1000;
export const SANDBOX_GID = 1000;

/**
 * The descriptor on which a sandbox with a network of its own reads its `/etc/resolv.conf`
 * (`--ro-bind-data`): the server's network launcher writes slirp4netns's DNS forwarder there.
 */
export const RESOLV_CONF_FD = 5;

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
   * Keep the network namespace bwrap starts in. On the platform that is the one
   * `networkSandboxPlan` makes, with slirp4netns and no way to the host, and `/etc/resolv.conf` is
   * read from {@link RESOLV_CONF_FD}: never start such arguments directly with `network`, the
   * sandbox would have the host's network. With `hostRoot` (the CLI on the user's own machine) it
   * is the host's network, as the user's own shell has. Otherwise the sandbox has only its own loopback.
   */
  readonly network: boolean;
  /**
   * Show the host's whole file system read-only at `/` (the CLI: the user's tools, caches and
   * home, as their own shell sees them) instead of an empty root holding only the system folders
   * and a few `/etc` files (the platform). `/proc`, `/dev`, `/tmp` are the sandbox's own either way.
   */
  readonly hostRoot?: boolean;
  /** Resource limits set with `prlimit`; none when absent (the CLI: the user's own commands). */
  readonly limits?: SandboxLimits;
  readonly systemMounts: readonly SystemMount[];
  /** The user and group the command runs as inside. Default {@link SANDBOX_UID} / {@link SANDBOX_GID}. */
  readonly uid?: number;
  readonly gid?: number;
}

/**
 * The `bwrap` arguments of one command (SPEC Y17, SEC3), ending with `--` (and `prlimit … --`
 * when there are limits) so the shell and its command follow them; shared by the platform's run
 * sandbox and the CLI's shell sandbox. Every namespace is new (user, mount, pid, ipc, uts, cgroup,
 * and net unless `network`); no capability is kept and no further user namespace can be made; the
 * sandbox dies with its parent, and its shell is pid 1, so when it is killed nothing of the
 * command survives. Its `/proc` shows only its own processes. The root is an empty read-only tmpfs
 * holding only the system folders (read-only) and a short list of `/etc` files — or, with
 * `hostRoot`, the host's whole file system read-only — then a private `/proc` and `/dev`, `/tmp`
 * and `/dev/shm`, the read-only folders and the work folder, all at their host paths, so a path
 * means the same inside and out. Every bind is `nosuid`.
 */
export function bubblewrapArguments(spec: SandboxSpec): string[] {
  const { limits } = spec;
  const args = [
    '--unshare-all',
    // Explicit: without a user namespace bwrap would go on with the caller's own rights.
    '--unshare-user',
    // Only inside networkSandboxPlan's outer bwrap (its namespace), or the CLI's host network.
    ...(spec.network ? ['--share-net'] : []),
    '--disable-userns',
    '--cap-drop',
    'ALL',
    '--uid',
    String(spec.uid ?? SANDBOX_UID),
    '--gid',
    String(spec.gid ?? SANDBOX_GID),
    '--hostname',
    'sandbox',
    '--die-with-parent',
    // The shell is the namespace's pid 1 and stays in bwrap's process group (no --new-session):
    // stopping that group kills it, and with it the kernel kills every process of the namespace,
    // even one that made its own session. The terminal stays out of reach all the same: the
    // server spawns bwrap detached, in a session of its own with no controlling terminal.
    '--as-pid-1',
  ];
  if (spec.hostRoot === true) {
    // Every bind of bwrap is nosuid: a set-id file the command makes never runs with its bit inside.
    args.push('--ro-bind', '/', '/');
  } else {
    for (const mount of spec.systemMounts) {
      if (mount.kind === 'bind') args.push('--ro-bind', mount.path, mount.path);
      else args.push('--symlink', mount.target, mount.path);
    }
    for (const file of [...ETC_FILES, ...(spec.network ? NETWORK_ETC_FILES : [])])
      args.push('--ro-bind-try', file, file);
    if (spec.network) args.push('--ro-bind-data', String(RESOLV_CONF_FD), '/etc/resolv.conf');
  }
  // A /proc of the sandbox's own pid namespace: no process outside, and so no other environment
  // (a provider key in the caller's initial environment, SPEC SEC3), can be read through it.
  args.push('--proc', '/proc', '--dev', '/dev');
  const tmpBytes = limits?.tmpBytes;
  args.push(...(tmpBytes === undefined ? [] : ['--size', String(tmpBytes)]), '--tmpfs', '/tmp');
  args.push(...(tmpBytes === undefined ? [] : ['--size', String(tmpBytes)]), '--tmpfs', '/dev/shm');
  // After /tmp: the folders may live under it (they do in tests) and must cover the tmpfs.
  for (const folder of spec.readOnlyFolders) args.push('--ro-bind', folder, folder);
  args.push('--bind', spec.workFolder, spec.workFolder);
  if (spec.hostRoot !== true) args.push('--remount-ro', '/');
  args.push('--chdir', spec.cwd, '--');
  if (limits !== undefined)
    args.push(
      PRLIMIT_PATH,
      `--nproc=${limits.maxProcesses}`,
      `--as=${limits.maxMemoryBytes}`,
      `--fsize=${limits.maxFileBytes}`,
      '--core=0',
      '--',
    );
  return args;
}
