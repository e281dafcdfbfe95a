import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ShellLauncher } from '@skilldock/agent/tools';

/**
 * Tasks a sandboxed command's cgroup allows beyond the sandbox's own process limit: bwrap (two
 * per sandbox, four with the network), slirp4netns and the network launcher's Node threads.
 */
export const LAUNCHER_TASK_ALLOWANCE = 64;
/** Command cgroups left empty this long ago are removed by the next command (see {@link PidsCgroups}). */
const STALE_CGROUP_MS = 60_000;
const CGROUP_PREFIX = 'skilldock-sandbox-';

/**
 * Per-command pids cgroups (SPEC SEC4), made under this process's own cgroup. `RLIMIT_NPROC` (the
 * sandbox's `prlimit --nproc`) does not hold when the server runs as root — Linux never applies it
 * to the host's root, whatever user namespace the process is in — so a fork bomb would fill the
 * host's process table; the kernel enforces a cgroup's `pids.max` for everyone. Written by hand:
 * no maintained npm package manages cgroups without systemd.
 */
export interface PidsCgroups {
  /** The folder the command cgroups are made in. */
  readonly parent: string;
  /**
   * Makes the cgroup of one command allowing `maxTasks` tasks (processes and threads) and returns
   * its folder. Empty command cgroups older than a minute are removed first: a command's cgroup
   * is empty once its sandbox ended, and the namespace it ran in makes sure nothing outlives it.
   */
  create(maxTasks: number): string;
}

/**
 * The folders of this process's own cgroup in each hierarchy that can hold a pids limit, given the
 * texts of `/proc/self/cgroup` and `/proc/self/mountinfo`: cgroup v1's `pids` hierarchy first (on
 * a hybrid system the v2 tree has no controllers), then cgroup v2. A cgroup outside what a mount
 * shows (another cgroup namespace's) is skipped.
 */
export function pidsCgroupFolders(cgroups: string, mounts: string): { folder: string; version: 1 | 2 }[] {
  const found: { folder: string; version: 1 | 2 }[] = [];
  for (const mount of mounts.split('\n')) {
    // "36 25 0:31 / /sys/fs/cgroup/pids rw,relatime shared:9 - cgroup cgroup rw,pids"
    const [left, right] = mount.split(' - ');
    if (left === undefined || right === undefined) continue;
    const [, , , root, mountPoint] = left.split(' ');
    const [type, , superOptions = ''] = right.split(' ');
    if (root === undefined || mountPoint === undefined) continue;
    const isPidsV1 = type === 'cgroup' && superOptions.split(',').includes('pids');
    if (!isPidsV1 && type !== 'cgroup2') continue;
    const line = cgroups
      .split('\n')
      .find((entry) => (isPidsV1 ? /^\d+:[^:]*\bpids\b[^:]*:/.test(entry) : entry.startsWith('0::')));
    if (line === undefined) continue;
    const own = line.slice(line.indexOf(':', line.indexOf(':') + 1) + 1);
    const inside =
      root === '/'
        ? own
        : own === root
          ? '/'
          : own.startsWith(`${root}/`)
            ? own.slice(root.length)
            : undefined;
    if (inside === undefined || !inside.startsWith('/')) continue;
    found.push({ folder: path.resolve(mountPoint, `.${inside}`), version: isPidsV1 ? 1 : 2 });
  }
  return found.sort((left, right) => left.version - right.version);
}

/** {@link pidsCgroupFolders} of this process. */
function ownPidsCgroupFolders(): { folder: string; version: 1 | 2 }[] {
  try {
    return pidsCgroupFolders(
      readFileSync('/proc/self/cgroup', 'utf8'),
      readFileSync('/proc/self/mountinfo', 'utf8'),
    );
  } catch {
    return [];
  }
}

/** Whether child cgroups of `folder` get a `pids.max`: v1 always, v2 when the parent enables it. */
function offersPidsToChildren(folder: string, version: 1 | 2): boolean {
  if (version === 1) return true;
  try {
    return readFileSync(path.join(folder, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('pids');
  } catch {
    return false;
  }
}

function makeCommandCgroup(parent: string, maxTasks: number): string {
  const folder = path.join(parent, `${CGROUP_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(folder);
  try {
    writeFileSync(path.join(folder, 'pids.max'), String(maxTasks));
  } catch (error) {
    rmdirSync(folder);
    throw error;
  }
  return folder;
}

/** Removes the empty command cgroups under `parent` made over a minute before `now`. */
export function removeStaleCommandCgroups(parent: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(CGROUP_PREFIX));
  } catch {
    return;
  }
  const before = now - STALE_CGROUP_MS;
  for (const name of names) {
    const folder = path.join(parent, name);
    try {
      // A cgroup with a task in it refuses rmdir (EBUSY): only ended commands' cgroups go.
      if (statSync(folder).mtimeMs < before) rmdirSync(folder);
    } catch {
      // Busy, or removed by another process meanwhile.
    }
  }
}

/**
 * The per-command pids cgroups this process can make, or `undefined` when it cannot (not root, no
 * pids controller, a read-only cgroup tree): tried for real once, with a cgroup made and removed.
 */
export function findPidsCgroups(): PidsCgroups | undefined {
  for (const { folder, version } of ownPidsCgroupFolders()) {
    if (!offersPidsToChildren(folder, version)) continue;
    try {
      rmdirSync(makeCommandCgroup(folder, 1));
    } catch {
      continue;
    }
    return {
      parent: folder,
      create: (maxTasks) => {
        removeStaleCommandCgroups(folder);
        return makeCommandCgroup(folder, maxTasks);
      },
    };
  }
  return undefined;
}

/**
 * `launcher` started inside the cgroup `folder`: `/bin/sh` writes its own pid to the cgroup's
 * `cgroup.procs` and then becomes the launcher (`exec`), so the sandbox and everything it starts are
 * in the cgroup from their first instruction. If the write fails, nothing runs (exit 125).
 */
export function launchInCgroup(launcher: ShellLauncher, folder: string): ShellLauncher {
  return {
    executable: '/bin/sh',
    args: [
      '-c',
      'echo $$ > "$0/cgroup.procs" || { echo "the sandbox could not join its process-limit cgroup" >&2; exit 125; }; exec "$@"',
      folder,
      launcher.executable,
      ...launcher.args,
    ],
  };
}
